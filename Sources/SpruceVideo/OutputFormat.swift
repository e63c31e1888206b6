import Foundation
import SpruceFilm

/// What to write. Usually inferred from the target path (`OutputFormat.infer(from:)`).
public enum OutputFormat: Equatable, Sendable {
    /// H.264 in MP4 (libx264, yuv420p, faststart), for sharing and review tools.
    case mp4
    /// Animated GIF with a palette computed from the frames themselves (one ffmpeg run, or two passes for a
    /// large film: `VideoRenderer.gifInOneRun`).
    case gif
    /// VP9 in WebM; keeps alpha (yuva420p) when `VideoOptions.transparent` is set.
    case webm
    /// One frame as a PNG image.
    case png(frame: Int)
    /// A directory of `frame_00000.png`, `frame_00001.png`, ...
    case pngSequence
    /// Animated PNG: full colour, alpha when `VideoOptions.transparent`, each frame's delay the exact fraction
    /// 1/fps, `VideoOptions.loop` plays.
    case apng
    /// Animated WebP, lossless: full colour, alpha when transparent, delays in whole milliseconds.
    case webp

    /// The format of a known extension (`byExtension`, any case; `.png` is frame 0); otherwise a directory URL (a path
    /// ending in `/`, or an existing directory) is a PNG sequence. A known extension wins, so an existing
    /// directory named `x.mp4` is reported as in the way rather than filled with PNGs.
    public static func infer(from url: URL) throws -> OutputFormat {
        let ext = url.pathExtension.lowercased()
        if let known = byExtension.first(where: { $0.ext == ext }) { return known.format }
        if url.hasDirectoryPath { return .pngSequence }
        throw VideoError.unknownOutputFormat(path: url.path)
    }

    /// The extensions `infer(from:)` knows, without their dots, and the format each gives.
    static let byExtension: [(ext: String, format: OutputFormat)] =
        [("mp4", .mp4), ("gif", .gif), ("webm", .webm), ("png", .png(frame: 0)), ("apng", .apng), ("webp", .webp)]

    /// The extensions `infer(from:)` knows, with their dots, as messages list them.
    public static var extensions: [String] { byExtension.map { "." + $0.ext } }

    /// A GIF too large for one ffmpeg run needs a palette pass before the encoding pass; everything else streams
    /// once.
    var passCount: Int { self == .gif ? 2 : 1 }

    /// The extension given to temporary files, so the name alone also tells ffmpeg what it writes.
    var fileExtension: String {
        switch self {
        case .mp4: return "mp4"
        case .gif: return "gif"
        case .webm: return "webm"
        case .png, .pngSequence: return "png"
        case .apng: return "apng"
        case .webp: return "webp"
        }
    }

    /// The ffmpeg encoders a render needs (a GIF's palette pass writes a PNG).
    var encoders: [String] {
        switch self {
        case .mp4: return ["libx264"]
        case .gif: return ["png", "gif"]
        case .webm: return ["libvpx-vp9"]
        case .png, .pngSequence: return ["png"]
        case .apng: return ["apng"]
        case .webp: return ["libwebp_anim"]
        }
    }
}

extension OutputFormat {
    /// The frame rate for this output when neither the user nor the scene gives one: 50 for GIF and WebP (whole
    /// centiseconds and milliseconds a frame), 60 for everything else.
    public var frameRatePolicy: FrameRatePolicy {
        self == .gif || self == .webp ? .animatedImage : .video
    }
}
