import Foundation
import Geometry
import SpruceFilm
import SpruceVideo

/// A part of a film to render on its own, encoded so that the parts join without re-encoding (MP4 and GIF only;
/// `JoinableEncoding`): frames `A..B`, or part I of N cut on keyframes.
public struct PartRequest: Equatable, Sendable {
    public enum Choice: Equatable, Sendable {
        /// Frames `first..<end`, from 0.
        case frames(Int, Int)
        /// Part `index` (from 1) of `count`.
        case segment(Int, of: Int)
    }

    public var choice: Choice
    /// Frames from one keyframe to the next; nil: `JoinableEncoding.defaultKeyframeInterval` (a GIF's segments are
    /// then cut at any frame).
    public var keyframeInterval: Double?

    public static let keyframeIntervalRange = 1...100_000

    public init(_ choice: Choice, keyframeInterval: Double? = nil) { (self.choice, self.keyframeInterval) = (choice, keyframeInterval) }

    /// Why the part cannot be rendered; the CLI words each one by its flag.
    public enum Problem: Error, Equatable, Sendable {
        /// No video output to take the part of.
        case needsVideo
        /// An output format whose parts cannot be joined (the output's path).
        case notJoinable(String)
        /// An optimised GIF: gifsicle re-encodes it, so its parts would no longer join.
        case optimized
        /// A keyframe interval that is not a whole number in `keyframeIntervalRange`.
        case keyframeInterval(Double)
        /// A segment index outside 1…count.
        case segmentIndex(Int, of: Int)
        /// The range does not fit the film.
        case range(FilmError)
        /// An MP4 part's first frame is not on a keyframe (a multiple of `interval`), where a part must begin to join.
        case offKeyframe(first: Int, interval: Int)
    }

    /// Everything that can be checked before the film is made.
    func check(format: OutputFormat?, path: String?, optimize: Bool) throws {
        guard let format else { throw Problem.needsVideo }
        guard JoinableEncoding.canJoin(format) else { throw Problem.notJoinable(path ?? "") }
        if optimize { throw Problem.optimized }
        _ = try interval(framesPerSecond: 1)
        if case .segment(let i, let n) = choice, n < 1 || !(1...n).contains(i) { throw Problem.segmentIndex(i, of: n) }
    }

    /// The frames to render and how to encode them, for a film.
    func part(of film: Film, format: OutputFormat) throws -> (FrameRange, JoinableEncoding) {
        // A GIF has no keyframes: unless an interval is given, its segments are cut at any frame.
        let interval = format == .gif && keyframeInterval == nil ? 1 : try interval(framesPerSecond: film.framesPerSecond)
        do {
            switch choice {
            case .segment(let i, let n):
                return (try FrameRange.segment(i, of: n, frameCount: film.frameCount, keyframeInterval: interval),
                        JoinableEncoding(keyframeInterval: interval))
            case .frames(let a, let b):
                let range = try FrameRange(a, b)
                try range.check(within: film.frameCount)
                if format == .mp4, a % interval != 0 { throw Problem.offKeyframe(first: a, interval: interval) }
                return (range, JoinableEncoding(keyframeInterval: interval))
            }
        } catch let e as FilmError {
            throw Problem.range(e)
        }
    }

    private func interval(framesPerSecond: Double) throws -> Int {
        guard let keyframeInterval else { return JoinableEncoding.defaultKeyframeInterval(framesPerSecond: framesPerSecond) }
        guard let n = Checked.wholeNumber(keyframeInterval, in: Self.keyframeIntervalRange) else {
            throw Problem.keyframeInterval(keyframeInterval)
        }
        return n
    }
}
