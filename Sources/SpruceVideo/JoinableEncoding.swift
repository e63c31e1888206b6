import Foundation

/// Encoder settings under which parts of a film, rendered separately (on other machines), join without re-encoding
/// into exactly the frames of the whole film rendered in one go with the same settings.
///
/// - MP4: x264 at a constant quantizer (`-qp`, the CRF's number; CRF's rate control carries state from frame to
///   frame, so a part would not encode like the same frames inside the whole), a fixed GOP of `keyframeInterval`
///   frames (`-g`, `-keyint_min`, no scene-cut keyframes) and closed GOPs, so no frame refers across a keyframe.
///   Parts cut on multiples of the interval then hold exactly the whole film's GOPs; `VideoJoin` puts them
///   together with ffmpeg's concat demuxer and `-c copy`.
/// - GIF: one palette for every part (`palette`, made from the whole film by `VideoRenderer.writePalette`) and
///   every frame dithered on its own (`diff_mode=none`), so a frame's pixels do not depend on the frame before it;
///   `GIFJoin` splices the parts' image blocks under the first part's header.
/// Other outputs cannot be joined (`VideoError.invalidOptions`).
public struct JoinableEncoding: Equatable, Sendable {
    /// Frames from one keyframe to the next, the same for every part of a film.
    public var keyframeInterval: Int
    /// GIF: the shared palette (a 16×16 PNG from `palettegen`); nil computes one from the frames rendered.
    public var palette: URL?
    /// Which frames of the film the part holds, written into it for `VideoJoin` (nil: no label).
    public var label: PartLabel?

    public init(keyframeInterval: Int, palette: URL? = nil, label: PartLabel? = nil) {
        self.keyframeInterval = keyframeInterval
        self.palette = palette
        self.label = label
    }

    /// The default interval: two seconds of frames (at least one frame).
    public static func defaultKeyframeInterval(framesPerSecond: Double) -> Int {
        max(1, Int((2 * framesPerSecond).rounded()))
    }

    /// The outputs whose parts can be joined.
    public static func canJoin(_ format: OutputFormat) -> Bool { format == .mp4 || format == .gif }

    func validate(for output: OutputFormat) throws {
        guard JoinableEncoding.canJoin(output) else {
            throw VideoError.invalidOptions("only MP4 and GIF parts can be joined; \(output.fileExtension.uppercased()) cannot")
        }
        guard (1...100_000).contains(keyframeInterval) else {
            throw VideoError.invalidOptions("keyframe interval \(keyframeInterval) is not in 1...100000 frames")
        }
    }

    /// The x264 arguments that replace `-crf` (see the type's notes).
    func x264Arguments(crf: Int) -> [String] {
        ["-qp", "\(crf)", "-g", "\(keyframeInterval)", "-keyint_min", "\(keyframeInterval)", "-sc_threshold", "0",
         "-flags", "+cgop"]
    }
}
