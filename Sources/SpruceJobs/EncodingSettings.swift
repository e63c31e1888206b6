import Foundation
import Geometry
import SpruceRender
import SpruceScene
import SpruceVideo

/// How a film's frames become a video file, as a user asks for it: each setting is checked against the output
/// format it is meant for before it becomes a `VideoOptions`.
public struct EncodingSettings: Equatable, Sendable {
    /// Constant rate factor: MP4 (x264) or WebM (VP9).
    public var crf: Int?
    /// The x264 preset, by name (`presets`, matched as scene names are).
    public var preset: String?
    /// Most drawing threads.
    public var threads: Int?
    /// How many times a GIF, APNG or WebP plays.
    public var plays: Double?
    /// A GIF passed through gifsicle -O3.
    public var optimize = false
    /// Seconds ffmpeg may go without progress.
    public var stallTimeout = VideoOptions().stallTimeout

    public init() {}

    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
    /// The CRFs a format takes: MP4 (x264) 0…51, WebM (VP9) 0…63; nil for the formats without one.
    public static func crfRange(_ format: OutputFormat) -> ClosedRange<Int>? {
        switch format {
        case .mp4: return 0...51
        case .webm: return 0...63
        default: return nil
        }
    }
    public static let playsRange = 1...65535
    public static let threadsRange = 1...1024

    /// One setting of these, for the problems that name it.
    public enum Setting: String, Sendable { case crf, preset, optimize, plays, threads }

    /// Why the settings do not fit the format; the CLI words each one by its flag.
    public enum Problem: Error, Equatable, Sendable {
        /// A CRF outside the format's range (`crfRange`).
        case crf(Int, range: ClosedRange<Int>, format: OutputFormat)
        /// A setting the format has no use for.
        case notApplicable(Setting, format: OutputFormat)
        /// A preset name that is none of `presets`.
        case unknownPreset(String)
        /// `optimize` without gifsicle on PATH.
        case gifsicleMissing
        /// A play count that is not a whole number in `playsRange`.
        case plays(Double)
        /// A thread count outside `threadsRange`.
        case threads(Int)
    }

    /// The encoder options for `format`, checked in the order the settings are listed above (crf, preset,
    /// optimize, plays, threads); a setting that does not apply to the format is refused.
    public func videoOptions(for format: OutputFormat, transparent: Bool, cancellation: RenderCancellation) throws -> VideoOptions {
        var options = VideoOptions()
        options.format = format
        options.cancellation = cancellation
        options.transparent = transparent
        if let crf {
            guard let range = Self.crfRange(format) else { throw Problem.notApplicable(.crf, format: format) }
            guard range.contains(crf) else { throw Problem.crf(crf, range: range, format: format) }
            if format == .mp4 { options.crf = crf } else { options.vp9CRF = crf }
        }
        if let preset {
            guard format == .mp4 else { throw Problem.notApplicable(.preset, format: format) }
            guard let name = NameMatching.canonical(preset, in: Self.presets) else { throw Problem.unknownPreset(preset) }
            options.preset = name
        }
        options.stallTimeout = stallTimeout
        if optimize {
            guard format == .gif else { throw Problem.notApplicable(.optimize, format: format) }
            guard GIFOptimizer.locate() != nil else { throw Problem.gifsicleMissing }
        }
        if let plays {
            guard let n = Checked.wholeNumber(plays, in: Self.playsRange) else { throw Problem.plays(plays) }
            guard [.gif, .apng, .webp].contains(format) else { throw Problem.notApplicable(.plays, format: format) }
            options.loop = .playCount(n)
        }
        if let threads {
            guard Self.threadsRange.contains(threads) else { throw Problem.threads(threads) }
            options.threadCount = threads
        }
        return options
    }
}
