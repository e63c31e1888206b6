import ArgumentParser
import Foundation
import Geometry
import SpruceJobs
import SpruceProcess
import SpruceRender
import SpruceVideo

/// How frames become a file; shared by `render` and `stitch`, so stitched frames get the same encoder settings.
struct EncodingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Force the output format: mp4, gif, webm, png (one frame), frames (a folder of PNGs), "
                               + "apng (animated PNG), webp (animated WebP). "
                               + "Default: from --out's extension; a path ending in / is a frames folder.",
                               valueName: "format"), completion: .list(EncodingOptions.formats))
    var format: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Constant rate factor: MP4 (x264) 0–51, default 20; WebM (VP9) 0–63, default 30. "
                               + "Lower is better and bigger.", valueName: "n"), transform: WholeArgument.parse)
    var crf: Int?

    @Option(help: ArgumentHelp("x264 preset for MP4: ultrafast … veryfast (default) … medium … veryslow. "
                               + "Slower presets shrink files by a few percent for UI animations.", valueName: "name"), completion: .list(EncodingOptions.presets))
    var preset: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Most drawing threads (default: all cores); extra threads draw only when the "
                               + "encoder waits for frames. The output bytes do not depend on it.",
                               valueName: "n"), transform: WholeArgument.parse)
    var threads: Int?

    @Flag(help: ArgumentHelp("With a .png --out: write the whole film as an animated PNG (APNG) instead of one frame."))
    var animated = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("GIF, APNG and WebP: play the animation this many times, 1…65535 (default: forever).",
                               valueName: "n"), transform: DecimalArgument.parse)
    var plays: Double?

    @Flag(help: ArgumentHelp("GIF only: pass the GIF through gifsicle -O3 (lossless: same pixels and delays, smaller file)."))
    var optimize = false

    @Flag(name: .shortAndLong, help: "No progress bar (it is drawn only when stderr is a terminal anyway).")
    var quiet = false

    static let formats = OutputFormat.names
    static let presets = EncodingSettings.presets

    /// `flag` asked for alpha of an MP4.
    static func noAlpha(_ flag: String) -> CLIError {
        CLIError.usage("\(flag) needs an output with alpha (\(OutputFormat.namesWithAlpha.joined(separator: ", "))); MP4 has none")
    }

    /// The output format: --format, checked against --out's extension, or inferred from --out.
    func outputFormat(for out: String) throws -> OutputFormat {
        do { return try OutputFormat.chosen(for: out, name: format, animated: animated) } catch let problem as OutputFormat.ChoiceProblem {
            switch problem {
            case .folderWithExtension(let ext):
                throw CLIError.usage("--out '\(out)' ends in / (a folder of frames) but names a .\(ext) file; leave out the / "
                                     + "to write the file, or name the folder without a file extension")
            case .animatedNeedsPNG: throw CLIError.usage("--animated makes a .png --out an animated PNG; '\(out)' is not a .png")
            case .unknown:
                throw CLIError.usage("--out: cannot tell the format of '\(out)'; use \(OutputFormat.extensions.joined(separator: ", ")), "
                                     + "a folder path ending in /, or --format \(Self.formats.joined(separator: "|"))")
            case .unknownName(let name): throw CLIError.usage(Names.unknown(name, flag: "--format", allowed: Self.formats))
            case .conflict(let name, let ext):
                throw CLIError.usage("--format \(name) conflicts with --out '\(out)' (a .\(ext) file); change one of them")
            }
        }
    }

    /// The encoder settings the flags give; the watchdog's time is `VideoOptions`' default, the environment's
    /// `SPRUCE_FFMPEG_STALL_SECONDS` (a bad one is refused before any command runs, by `RenderGif.run`).
    var settings: EncodingSettings {
        var settings = EncodingSettings()
        (settings.crf, settings.preset, settings.threads, settings.plays) = (crf, preset, threads, plays)
        settings.optimize = optimize
        return settings
    }

    /// Encoder options for `format`; flags that do not apply to it are refused.
    func videoOptions(for format: OutputFormat, transparent: Bool, cancellation: RenderCancellation) throws -> VideoOptions {
        do { return try settings.videoOptions(for: format, transparent: transparent, cancellation: cancellation) } catch let p as EncodingSettings.Problem {
            throw Self.error(p)
        }
    }

    /// An encoder setting that does not fit the format, worded by its flag.
    static func error(_ problem: EncodingSettings.Problem) -> CLIError {
        switch problem {
        case .crf(let crf, let range, let format):
            let encoder = format == .mp4 ? "MP4 (x264)" : "WebM (VP9)"
            return CLIError.usage("--crf: must be \(range.lowerBound)…\(range.upperBound) for \(encoder), got \(crf)")
        case .notApplicable(let setting, let format):
            let applies = [.crf: "mp4 and webm", .preset: "mp4", .optimize: "gif", .plays: "gif, apng and webp"][setting] ?? ""
            return CLIError.usage("--\(setting.rawValue) has no effect on \(format.name) output; it applies to \(applies)")
        case .unknownPreset(let preset): return CLIError.usage(Names.unknown(preset, flag: "--preset", allowed: presets))
        case .gifsicleMissing:
            return CLIError(message: "--optimize needs gifsicle, which is not on PATH (apt-get install gifsicle)", code: ExitStatus.unavailable)
        case .plays(let plays):
            let range = EncodingSettings.playsRange
            return CLIError.usage("--plays: must be a whole number \(range.lowerBound)…\(range.upperBound), got \(Checked.text(plays))")
        case .threads(let threads): return CLIError.usage("--threads: must be 1…1024, got \(threads)")
        }
    }

    /// The refusal of a rate the format's delays cannot play (`DelayClock`, GIF's unless WebP), with the nearest
    /// rate that plays.
    static func rateError(_ fps: Double, format: OutputFormat, source: String) -> Error {
        let clock = format == .webp ? DelayClock.webp : .gif
        let given = Checked.text(fps)
        guard fps.isFinite, fps > 0 else { return CLIError.usage("\(source): \(clock.rule), got \(given)") }
        guard clock.exactRate(fps) == nil else { return CLIError.usage("\(source): \(given) fps") }
        return CLIError.usage("\(source): \(clock.refusal(of: fps)); use --fps \(clock.nearest(fps))")
    }
}
