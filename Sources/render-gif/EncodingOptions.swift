import ArgumentParser
import Foundation
import SpruceRender
import SpruceVideo

/// How frames become a file; shared by `render` and `stitch`, so stitched frames get the same encoder settings.
struct EncodingOptions: ParsableArguments {
    /// How long ffmpeg may go without progress before the watchdog stops it: SPRUCE_FFMPEG_STALL_SECONDS when it is a
    /// positive number of seconds, otherwise `VideoOptions.stallTimeout`.
    static var stallTimeout: Double {
        guard let stall = ProcessInfo.processInfo.environment["SPRUCE_FFMPEG_STALL_SECONDS"].flatMap(Double.init),
              stall.isFinite, stall > 0 else { return VideoOptions().stallTimeout }
        return stall
    }

    @Option(help: ArgumentHelp("Force the output format: mp4, gif, webm, png, frames (a folder of PNGs). "
                               + "Default: from --out's extension; a path ending in / is a frames folder.",
                               valueName: "format"), completion: .list(EncodingOptions.formats))
    var format: String?

    @Option(help: ArgumentHelp("Constant rate factor: MP4 (x264) 0–51, default 20; WebM (VP9) 0–63, default 30. "
                               + "Lower is better and bigger.", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("x264 preset for MP4: ultrafast … veryfast (default) … medium … veryslow. "
                               + "Slower presets shrink files by a few percent for UI animations.", valueName: "name"), completion: .list(EncodingOptions.presets))
    var preset: String?

    @Option(help: ArgumentHelp("Most drawing threads (default: all cores); extra threads draw only when the "
                               + "encoder waits for frames. The output bytes do not depend on it.",
                               valueName: "n"))
    var threads: Int?

    @Flag(help: ArgumentHelp("With a .png --out: write the whole film as an animated PNG (APNG) instead of one frame."))
    var animated = false

    @Option(help: ArgumentHelp("GIF, APNG and WebP: play the animation this many times, 1…65535 (default: forever).",
                               valueName: "n"), transform: DecimalArgument.parse)
    var plays: Double?

    @Flag(help: ArgumentHelp("GIF only: pass the GIF through gifsicle -O3 (lossless: same pixels and delays, smaller file)."))
    var optimize = false

    @Flag(name: .shortAndLong, help: "No progress bar (it is drawn only when stderr is a terminal anyway).")
    var quiet = false

    static let formats = ["mp4", "gif", "webm", "png", "frames", "apng", "webp"]
    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// The output format: --format, checked against --out's extension, or inferred from --out.
    func outputFormat(for out: String) throws -> OutputFormat {
        let url = URL(fileURLWithPath: out)
        let inferred = try? OutputFormat.infer(from: out.hasSuffix("/") ? URL(fileURLWithPath: out, isDirectory: true) : url)
        // A trailing / names a folder of frames (the help says so); a file's extension before it was taken instead.
        if out.hasSuffix("/"), inferred != .pngSequence, format.map({ $0.lowercased() != "frames" }) ?? true {
            throw CLIError.usage("--out '\(out)' ends in / (a folder of frames) but names a .\(url.pathExtension) file; leave out the / "
                                 + "to write the file, or name the folder without a file extension")
        }
        if animated, format.map({ $0.lowercased() != "apng" }) ?? true, URL(fileURLWithPath: out).pathExtension.lowercased() != "png" {
            throw CLIError.usage("--animated makes a .png --out an animated PNG; '\(out)' is not a .png")
        }
        guard let format else {
            guard let inferred else {
                throw CLIError.usage("--out: cannot tell the format of '\(out)'; use .mp4, .gif, .webm, .png, a folder path "
                                     + "ending in /, or --format mp4|gif|webm|png|frames")
            }
            if animated, case .png = inferred { return .apng }
            return inferred
        }
        let name = try Names.pick(format, flag: "--format", allowed: Self.formats)
        let forced: OutputFormat = ["mp4": .mp4, "gif": .gif, "webm": .webm, "png": .png(frame: 0), "frames": .pngSequence,
                                    "apng": .apng, "webp": .webp][name]!
        let ext = url.pathExtension.lowercased()
        if forced == .apng, ext == "png" { return .apng }
        if let inferred, Self.formats.contains(ext), Self.name(of: inferred) != name {
            throw CLIError.usage("--format \(name) conflicts with --out '\(out)' (a .\(ext) file); change one of them")
        }
        return forced
    }

    static func name(of format: OutputFormat) -> String {
        switch format {
        case .mp4: return "mp4"
        case .gif: return "gif"
        case .webm: return "webm"
        case .png: return "png"
        case .pngSequence: return "frames"
        case .apng: return "apng"
        case .webp: return "webp"
        }
    }

    /// Encoder options for `format`; flags that do not apply to it are refused.
    func videoOptions(for format: OutputFormat, transparent: Bool, cancellation: RenderCancellation) throws -> VideoOptions {
        var options = VideoOptions()
        options.format = format
        options.cancellation = cancellation
        options.transparent = transparent
        let name = Self.name(of: format)
        if let crf {
            switch format {
            case .mp4:
                guard (0...51).contains(crf) else { throw CLIError.usage("--crf: must be 0…51 for MP4 (x264), got \(crf)") }
                options.crf = crf
            case .webm:
                guard (0...63).contains(crf) else { throw CLIError.usage("--crf: must be 0…63 for WebM (VP9), got \(crf)") }
                options.vp9CRF = crf
            default:
                throw CLIError.usage("--crf has no effect on \(name) output; it applies to mp4 and webm")
            }
        }
        if let preset {
            guard format == .mp4 else { throw CLIError.usage("--preset has no effect on \(name) output; it applies to mp4") }
            options.preset = try Names.pick(preset, flag: "--preset", allowed: Self.presets)
        }
        options.stallTimeout = Self.stallTimeout
        if optimize {
            guard format == .gif else { throw CLIError.usage("--optimize has no effect on \(name) output; it applies to gif") }
            guard GIFOptimizer.locate() != nil else {
                throw CLIError(message: "--optimize needs gifsicle, which is not on PATH (apt-get install gifsicle)", code: ExitStatus.unavailable)
            }
        }
        if let plays {
            let n = try Check.whole(plays, in: 1...65535, "--plays")
            guard [.gif, .apng, .webp].contains(format) else {
                throw CLIError.usage("--plays has no effect on \(name) output; it applies to gif, apng and webp")
            }
            options.loop = .playCount(n)
        }
        if let threads {
            guard (1...1024).contains(threads) else { throw CLIError.usage("--threads: must be 1…1024, got \(threads)") }
            options.threadCount = threads
        }
        return options
    }

    /// GIF frame delays are whole centiseconds, so a GIF plays at 100/k fps (k ≥ 2). A rate within 0.005 of 100/k
    /// (what two decimals can say: 33.33, 16.67, 14.29) is taken as exactly 100/k; any other rate is refused with
    /// the nearest one that works.
    static func gifRate(_ fps: Double, source: String) throws -> Double {
        guard fps.isFinite, fps > 0 else { throw CLIError.usage("\(source): GIF needs 100/k fps, got \(String(format: "%g", fps))") }
        if let exact = DelayClock.gif.exactRate(fps) { return exact }
        throw CLIError.usage("\(source): GIF needs 100/k fps (50, 33.33, 25, 20, 16.67, 14.29, 12.5, 10, ...; GIF delays "
                             + "are whole centiseconds), \(String(format: "%g", fps)) is not; use --fps \(DelayClock.gif.nearest(fps))")
    }

    /// WebP frame delays are whole milliseconds: 1000/k fps, three decimals taken as exact; others are refused with
    /// the nearest rate that works.
    static func webpRate(_ fps: Double, source: String) throws -> Double {
        guard fps.isFinite, fps > 0 else { throw CLIError.usage("\(source): WebP needs 1000/k fps, got \(String(format: "%g", fps))") }
        if let exact = DelayClock.webp.exactRate(fps) { return exact }
        throw CLIError.usage("\(source): WebP needs 1000/k fps (50, 40, 25, 20, 12.5, 10, ...; WebP delays are whole "
                             + "milliseconds), \(String(format: "%g", fps)) is not; use --fps \(DelayClock.webp.nearest(fps))")
    }
}
