import Foundation
import SpruceRender

/// How frames are encoded. The defaults aim at crisp review material at modest sizes.
public struct VideoOptions: Sendable {
    /// `nil`: inferred from the target path.
    public var format: OutputFormat?
    /// Most drawing threads. Defaults to the number of active cores; threads beyond the first draw only while the
    /// encoder is waiting for frames (see `FramePipeline`). The encoded bytes do not depend on it.
    public var threadCount: Int = ProcessInfo.processInfo.activeProcessorCount
    /// x264 constant rate factor, 0 (lossless) to 51. 20 is visually clean for flat UI colours at small sizes.
    public var crf: Int = 20
    /// x264 preset (ultrafast ... veryslow). `veryfast`: for flat UI frames at CRF 20 it encodes 1.5x faster
    /// than x264's own default `medium`, for files 4 % larger and 52 dB PSNR instead of 54 (the 13x13 example
    /// grid at 1080p60; docs/Performance.md). Both are far beyond what the eye can tell apart.
    public var preset: String = "veryfast"
    /// VP9 constant quality (`-crf` with `-b:v 0`), 0 to 63. 30 is close to x264's CRF 20 for flat content.
    public var vp9CRF: Int = 30
    /// GIF dithering used by `paletteuse`.
    public var dither: GIFDither = .sierra2_4a
    /// How often a GIF plays.
    public var loop: GIFLoop = .forever
    /// Keep the alpha channel (WebM yuva420p, PNG RGBA, GIF transparency). Otherwise frames are flattened as if
    /// over black (premultiplied colour with alpha ignored), which is what opaque frames look like anyway.
    public var transparent: Bool = false
    /// Explicit ffmpeg executable. When `nil`: `$SPRUCE_FFMPEG`, then `ffmpeg` on `$PATH`. A name without a `/`
    /// (here or in `SPRUCE_FFMPEG`) is looked up on `$PATH`, never in the working folder unless `$PATH` names it.
    public var ffmpegPath: String?
    /// Stops a render from another thread; the partial output is discarded.
    public var cancellation: RenderCancellation?
    /// Seconds ffmpeg may go without taking a frame or writing a message before a watchdog stops it and the render
    /// fails ("made no progress"). Generous: a slow preset flushing a 4K film is silent for a while. The default is
    /// the program's `SPRUCE_FFMPEG_STALL_SECONDS` when it holds a value `stallTimeout(environment:)` takes, else
    /// `defaultStallTimeout`: every ffmpeg a program runs is watched alike.
    public var stallTimeout: Double = VideoOptions.environmentStallTimeout

    /// Settings under which separately rendered parts of a film join into the whole (`JoinableEncoding`); MP4 and
    /// GIF only. nil: the ordinary settings above.
    public var joinable: JoinableEncoding?

    /// Test-only fault injection (see `FaultInjection`).
    var faults = FaultInjection()

    public init() {}
}

/// Error diffusion or ordered dithering for GIF palettes (ffmpeg `paletteuse` names).
public enum GIFDither: Equatable, Sendable {
    case none
    /// Ordered 8x8 Bayer dithering; `scale` 0...5, larger means a weaker pattern. Stable between frames, so
    /// animations do not "crawl", at the cost of a visible grid.
    case bayer(scale: Int)
    case floydSteinberg
    case sierra2
    /// ffmpeg's default: light error diffusion, good gradients, small files.
    case sierra2_4a

    /// Error diffusion spreads each pixel's mapping error to its neighbours: with no error, it changes nothing.
    var diffusesError: Bool {
        switch self {
        case .floydSteinberg, .sierra2, .sierra2_4a: return true
        case .none, .bayer: return false
        }
    }

    var filterOption: String {
        switch self {
        case .none: return "dither=none"
        case .bayer(let scale): return "dither=bayer:bayer_scale=\(scale)"
        case .floydSteinberg: return "dither=floyd_steinberg"
        case .sierra2: return "dither=sierra2"
        case .sierra2_4a: return "dither=sierra2_4a"
        }
    }
}

/// GIF looping (the Netscape application extension).
public enum GIFLoop: Equatable, Sendable {
    case forever
    /// Play this many times in total (1 = no repeat).
    case playCount(Int)

    /// ffmpeg's `-loop`: 0 forever, -1 play once, n repeat n more times.
    var ffmpegValue: Int {
        switch self {
        case .forever: return 0
        case .playCount(let n): return n <= 1 ? -1 : n - 1
        }
    }
}

extension VideoOptions {
    /// The variable that sets `stallTimeout` for a program (`stallTimeout(environment:)`).
    public static let stallTimeoutVariable = "SPRUCE_FFMPEG_STALL_SECONDS"
    /// The seconds `stallTimeout(environment:)` takes: at least the watchdog's period, at most a day.
    public static let stallTimeoutRange: ClosedRange<Double> = 0.1...86_400
    /// The stall timeout when the environment sets none.
    public static let defaultStallTimeout: Double = 120
    /// The environment's stall timeout, read once; a value it does not take counts as unset here (a command refuses
    /// it before any work by calling `stallTimeout(environment:)`).
    static let environmentStallTimeout: Double = (try? stallTimeout()) ?? defaultStallTimeout

    /// The stall timeout a program takes from its environment: `SPRUCE_FFMPEG_STALL_SECONDS` as a decimal number of
    /// seconds in `stallTimeoutRange` (`1`, `2.5`); unset or empty, `defaultStallTimeout`. Any other value (a
    /// word, a sign, an exponent, NaN, infinity, a number out of the range) throws `VideoError.environment` naming
    /// the variable and the range. Without `environment`, the process's own variable is read alone (`getenv`), not
    /// a copy of the whole environment.
    public static func stallTimeout(environment: [String: String]? = nil) throws -> Double {
        let value: String?
        if let environment { value = environment[stallTimeoutVariable] } else { value = getenv(stallTimeoutVariable).map { String(cString: $0) } }
        guard let text = value, !text.isEmpty else { return defaultStallTimeout }
        let digits = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDecimal = digits.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard isDecimal, let seconds = Double(text), stallTimeoutRange.contains(seconds) else {
            let range = stallTimeoutRange
            throw VideoError.environment("\(stallTimeoutVariable): must be a number of seconds \(String(format: "%g", range.lowerBound))…"
                                         + "\(String(format: "%g", range.upperBound)) (unset: \(String(format: "%g", defaultStallTimeout))), got '\(text)'")
        }
        return seconds
    }
}
