import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene
import SpruceVideo

/// A folder of PNG frames (natural name order, all of the first frame's size) encoded as one output with the
/// settings of a render: `validate` checks the rate, the alpha and the folder before anything is read, `run`
/// encodes (a GIF through gifsicle when `encoding.optimize`), written beside the target and renamed into place.
public struct StitchJob {
    public var folder: URL
    public var out: URL
    public var format: OutputFormat
    /// Frames per second; nil: the format's default (`FrameRatePolicy`: 50 for GIF and WebP, 60 otherwise).
    public var framesPerSecond: Double?
    /// Keep the frames' alpha; otherwise they are flattened over black.
    public var transparent = false
    public var encoding = EncodingSettings()

    public init(folder: URL, out: URL, format: OutputFormat) { (self.folder, self.out, self.format) = (folder, out, format) }

    /// Why the frames cannot be stitched, found before any is read. Encoder settings that do not fit the format
    /// are `EncodingSettings.Problem`s, thrown by `run`.
    public enum Problem: Error, Equatable {
        /// A rate outside `SceneLimits.framesPerSecond`.
        case frameRate(LimitViolation)
        /// A rate the format's delay clock cannot play (`DelayClock`).
        case notPlayable(Double, format: OutputFormat)
        /// Alpha asked of a format without it (MP4).
        case noAlpha(OutputFormat)
        /// The folder is missing or not a folder: "does not exist", "is a symbolic link that leads nowhere (links
        /// loop)", "is a FIFO, not a folder of PNG frames".
        case folder(String)
    }

    /// The rate the frames are encoded at, made exact for a format whose delays are whole ticks (GIF, WebP).
    @discardableResult
    public func validate() throws -> Double {
        let rate = framesPerSecond ?? format.frameRatePolicy.framesPerSecond
        if let bad = SceneLimits.framesPerSecondViolation(rate) { throw Problem.frameRate(bad) }
        var exact = rate
        if let clock = format.delayClock {
            guard rate.isFinite, rate > 0, let made = clock.exactRate(rate) else { throw Problem.notPlayable(rate, format: format) }
            exact = made
        }
        if transparent, format == .mp4 { throw Problem.noAlpha(format) }
        let kind = FileKind.of(folder.path)
        guard kind == .directory else {
            let missing = FileKind.linkToNothing(folder.path).map { "is \($0)" } ?? "does not exist"
            throw Problem.folder(kind == .missing ? missing : "is \(kind.article), not a folder of PNG frames")
        }
        return exact
    }

    /// Encodes the frames (`validate` first); `progress` hears of every frame.
    public func run(cancellation: RenderCancellation, progress: @escaping (RenderProgress) -> Void = { _ in }) throws {
        let source = try PNGSequenceSource(directory: folder, framesPerSecond: try validate())
        let options = try encoding.videoOptions(for: format, transparent: transparent, cancellation: cancellation)
        if encoding.optimize, let gifsicle = GIFOptimizer.locate() {
            try GIFOptimizer.write(to: out, gifsicle: gifsicle, cancellation: cancellation) { try VideoRenderer(options: options).render(source, to: $0, progress: progress) }
            return
        }
        try VideoRenderer(options: options).render(source, to: out, progress: progress)
    }
}
