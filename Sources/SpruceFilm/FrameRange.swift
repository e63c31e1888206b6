import Foundation

/// A part of a film: frames `lowerBound ..< upperBound`, counted from 0 like `Film.frameCount`. Rendering a range
/// draws exactly the pixels those frames have in the whole film (each drawing thread still steps the clock from
/// frame 0), which is what makes parts rendered on different machines join into the whole film.
public struct FrameRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The first frame of the part.
    public let lowerBound: Int
    /// The frame after the last one of the part.
    public let upperBound: Int

    /// Throws unless `0 ≤ lowerBound < upperBound`.
    public init(_ lowerBound: Int, _ upperBound: Int) throws {
        guard lowerBound >= 0, upperBound > lowerBound else {
            throw FilmError.invalid("frame range \(lowerBound)..\(upperBound) must start at 0 or later and hold at least one frame")
        }
        (self.lowerBound, self.upperBound) = (lowerBound, upperBound)
    }

    /// The number of frames in the part.
    public var count: Int { upperBound - lowerBound }
    /// The part's frame indices.
    public var frames: Range<Int> { lowerBound..<upperBound }
    /// As the command line writes it: `A..B`, B excluded.
    public var description: String { "\(lowerBound)..\(upperBound)" }

    /// Throws unless the whole range lies inside a film of `frameCount` frames.
    public func check(within frameCount: Int) throws {
        guard upperBound <= frameCount else {
            throw FilmError.invalid("frames \(self) reach past the end of the film (\(frameCount) frames: 0..\(frameCount))")
        }
    }

    /// Segment `index` (1-based) of `count` equal parts of a film of `frameCount` frames, cut only on multiples of
    /// `keyframeInterval` (so every part begins on a keyframe of the whole film's fixed GOP). With `k` intervals
    /// (`⌈frameCount / keyframeInterval⌉`), cut `i` is at `round(k·i / count)·keyframeInterval`: integer arithmetic,
    /// the same on every machine; the segments 1...count cover every frame exactly once and each holds at least one
    /// interval. Throws when the film has fewer keyframe intervals than segments.
    public static func segment(_ index: Int, of count: Int, frameCount: Int, keyframeInterval: Int) throws -> FrameRange {
        guard count >= 1, (1...count).contains(index) else {
            throw FilmError.invalid("segment \(index)/\(count): the index must be in 1...\(max(count, 1))")
        }
        guard keyframeInterval >= 1, frameCount >= 1 else {
            throw FilmError.invalid("segments need a keyframe interval ≥ 1 and a film of at least one frame")
        }
        let intervals = (frameCount + keyframeInterval - 1) / keyframeInterval
        guard count <= intervals else {
            // An interval of one frame is a cut at any frame (a GIF's segments): the frames alone are the limit.
            let limit = keyframeInterval == 1 ? "the film has \(frameCount) frame\(frameCount == 1 ? "" : "s")"
                : "the film's \(frameCount) frames hold \(intervals) keyframe interval\(intervals == 1 ? "" : "s") of \(keyframeInterval) frames"
            throw FilmError.invalid(limit + "; it can be cut into at most \(intervals) segment\(intervals == 1 ? "" : "s"), not \(count)")
        }
        func cut(_ i: Int) -> Int {
            if i == count { return frameCount }
            // Whole intervals, spread as evenly as integers allow; every part gets at least one interval.
            let share = (intervals * i + count / 2) / count
            return min(frameCount, share * keyframeInterval)
        }
        return try FrameRange(cut(index - 1), cut(index))
    }
}
