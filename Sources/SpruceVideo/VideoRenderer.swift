import Foundation
import SpruceFilm
import SpruceRender

/// Renders a `FrameSource` to MP4, GIF, WebM, PNG or a directory of PNGs through ffmpeg.
///
///     var options = VideoOptions()
///     options.crf = 18
///     try VideoRenderer(options: options).render(source, to: URL(plainPath: "demo.mp4"))
///
/// The target is replaced only when ffmpeg succeeded; on any error it is left as it was.
public struct VideoRenderer: Sendable {
    public var options: VideoOptions

    public init(options: VideoOptions = VideoOptions()) {
        self.options = options
    }

    /// Blocks until the file is complete. `progress` is called on this thread after every frame.
    public func render(
        _ source: FrameSource, to target: URL, progress: ((RenderProgress) -> Void)? = nil
    ) throws {
        try source.format.validate()
        let output = try options.format ?? OutputFormat.infer(from: target)
        let odd = source.format.width % 2 == 1 || source.format.height % 2 == 1
        var source = output == .mp4 && odd ? Self.evenSided(source) : source
        if options.transparent, let straight = source as? StraightAlphaSource { source = straight.withStraightAlpha() }
        let format = source.format
        try validate(output: output, format: format)
        try options.joinable?.validate(for: output)

        let ffmpeg = try FFmpegLocator.locate(explicit: options.ffmpegPath)
        let destination = try VideoDestination.prepare(
            target: target, isDirectory: output == .pngSequence, fileExtension: output.fileExtension)
        do {
            try encode(source, as: output, into: destination.temporary.path, ffmpeg: ffmpeg, progress: progress)
            try destination.commit()
        } catch VideoError.programFailed(let program, let detail) {
            destination.discard()
            if let full = FullDisk.error(in: detail, writing: detail.contains("(palette)") ? FullDisk.palette : "'\(target.path)'") {
                throw full
            }
            // An ffmpeg without the encoder fails at once; asking it for its encoders then names the real problem.
            // Only on failure: the question costs a process start (0.1-0.2 s), a tenth of a short 1080p render.
            if !options.faults.skipEncoderCheck {
                for encoder in output.encoders {
                    do {
                        try FFmpegLocator.requireEncoder(encoder, ffmpeg: ffmpeg, stallTimeout: options.stallTimeout,
                                                         cancellation: options.cancellation)
                    } catch let missing as VideoError {
                        if case .encoderMissing = missing { throw missing }  // else keep the first failure's story
                    }
                }
            }
            throw VideoError.programFailed(program: program, detail: detail)
        } catch {
            destination.discard()
            throw error
        }
    }

    /// H.264 in 4:2:0 takes only even sides: a film is drawn one pixel longer on an odd side (the scene as it lies
    /// there), other frames get their last column or row once more (`EvenSidedSource`).
    static func evenSided(_ source: FrameSource) -> FrameSource {
        if let film = source as? AnimationFrameSource { return film.withEvenPixelSides() }
        return EvenSidedSource(source)
    }

    private func validate(output: OutputFormat, format: FrameFormat) throws {
        guard (1...1024).contains(options.threadCount) else {
            throw VideoError.invalidOptions("thread count \(options.threadCount) is not in 1...1024")
        }
        if let problem = EncoderLimits.problem(width: Double(format.width), height: Double(format.height), format: output) {
            throw VideoError.invalidFrameFormat(problem)
        }
        switch output {
        case .mp4:
            guard (0...51).contains(options.crf) else { throw VideoError.invalidOptions("CRF \(options.crf) is not in 0...51") }
            let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
            guard presets.contains(options.preset) else {
                throw VideoError.invalidOptions("x264 preset '\(options.preset)' is not one of \(presets.joined(separator: ", "))")
            }
            guard format.width % 2 == 0, format.height % 2 == 0 else {
                throw VideoError.invalidFrameFormat(
                    "MP4 (yuv420p) needs an even width and height, got \(format.width)x\(format.height)")
            }
        case .webm:
            guard (0...63).contains(options.vp9CRF) else {
                throw VideoError.invalidOptions("VP9 CRF \(options.vp9CRF) is not in 0...63")
            }
        case .gif:
            _ = try FrameRate.gifDelay(for: format.framesPerSecond)
            if case .bayer(let scale) = options.dither, !(0...5).contains(scale) {
                throw VideoError.invalidOptions("Bayer scale \(scale) is not in 0...5")
            }
            if case .playCount(let count) = options.loop, count < 1 {
                throw VideoError.invalidOptions("GIF play count \(count) must be at least 1")
            }
        case .png(let frame):
            guard (0..<format.frameCount).contains(frame) else {
                throw VideoError.invalidOptions("PNG frame \(frame) is not in 0..<\(format.frameCount)")
            }
        case .pngSequence:
            break
        case .apng, .webp:
            try AnimatedImageFormats.validate(output, framesPerSecond: format.framesPerSecond, loop: options.loop)
        }
    }

    private func encode(
        _ source: FrameSource, as output: OutputFormat, into path: String, ffmpeg: String,
        progress: ((RenderProgress) -> Void)?
    ) throws {
        let format = source.format
        let wire = self.wire(output, for: source)
        let arguments = FFmpegArguments(format: format, options: options, wire: wire)
        var frames = 0..<format.frameCount
        if case .png(let frame) = output { frames = frame..<(frame + 1) }
        let oneRun = output == .gif && gifInOneRun(source, frameCount: frames.count)
        let meter = ProgressMeter(totalFrames: frames.count, passCount: oneRun ? 1 : output.passCount)
        let report: (Int, Int) -> Void = { done, pass in progress?(meter.progress(framesDone: done, pass: pass)) }

        let lastMessage: [String]
        switch output {
        case .mp4: lastMessage = try stream(source, frames, wire, arguments.mp4(output: path), ffmpeg, pass: 1, of: 1, report)
        case .webm: lastMessage = try stream(source, frames, wire, arguments.webm(output: path), ffmpeg, pass: 1, of: 1, report)
        case .png: lastMessage = try stream(source, frames, wire, arguments.png(output: path), ffmpeg, pass: 1, of: 1, report)
        case .pngSequence:
            lastMessage = try stream(source, frames, wire, arguments.pngSequence(directory: path), ffmpeg, pass: 1, of: 1, report)
            CreationMode.openFilesToOwner(in: path)  // ffmpeg made the frames under the umask; they are read back
        case .apng: lastMessage = try stream(source, frames, wire, arguments.apng(output: path), ffmpeg, pass: 1, of: 1, report)
        case .webp:
            lastMessage = try stream(source, frames, wire, arguments.webp(output: path), ffmpeg, pass: 1, of: 1, report)
            if frames.count > 1, options.cancellation?.isCancelled != true {
                try WebPStill.animate(fileAt: path, width: format.width, height: format.height,
                                      milliseconds: frames.count * AnimatedImageFormats.webpDelay(for: format.framesPerSecond),
                                      plays: AnimatedImageFormats.plays(options.loop))
            }
        case .gif where oneRun:
            lastMessage = try streamOneRunGIF(source, frames, wire, arguments, into: path, ffmpeg, report)
        case .gif:
            // The palette must see every frame before the first one can be mapped, and a film too large for ffmpeg
            // to hold (`gifInOneRun`) is drawn twice: for the palette, large ones smaller.
            lastMessage = try ScratchDirectory.with("spruce-palette") { scratch in
                var palette = scratch.appendingPathComponent("palette.png").path
                if let shared = options.joinable?.palette { palette = shared.path } else {
                    try streamPalette(of: source, frames, to: palette, ffmpeg, pass: 1, of: 2, report)
                    chmod(palette, CreationMode.ownerFile)  // made under the umask; the second run reads it
                }
                return try stream(source, frames, wire, arguments.gif(palette: palette, output: path), ffmpeg, pass: 2, of: 2, report)
            }
            if let label = options.joinable?.label, options.cancellation?.isCancelled != true {
                try GIFComment.append(label.text, toFileAt: path)
            }
        }
        try options.cancellation?.throwIfCancelled()
        try OutputCheck(output: output, format: format, frameCount: frames.count, ffmpeg: ffmpeg, lastMessage: lastMessage).verify(path)
    }

    private func checkStall(_ process: ChildProcess, _ stage: String) throws {
        if let stall = process.stallDetail(stage) { throw process.failure(stall) }
    }

    /// One ffmpeg run fed by the frame pipeline; returns ffmpeg's last stderr lines.
    @discardableResult
    func stream(
        _ source: FrameSource, _ frames: Range<Int>, _ wire: WireFormat, _ arguments: [String], _ ffmpeg: String,
        pass: Int, of passCount: Int, _ report: (Int, Int) -> Void
    ) throws -> [String] {
        try feed(try start(ffmpeg, arguments), source, frames, wire, pass: pass, of: passCount, report)
    }

    /// ffmpeg started with `arguments`, its standard input a pipe, under the render's cancellation and stall timeout.
    func start(_ ffmpeg: String, _ arguments: [String]) throws -> ChildProcess {
        try ChildProcess("ffmpeg", executable: ffmpeg, arguments: arguments, pipeStdin: true,
                         cancellation: options.cancellation, stallTimeout: options.stallTimeout)
    }

    /// Feeds `frames` of `source`, drawn by the frame pipeline, to a started ffmpeg and waits for it; returns its
    /// last stderr lines. The process is stopped and reaped on every way out.
    func feed(
        _ process: ChildProcess, _ source: FrameSource, _ frames: Range<Int>, _ wire: WireFormat,
        pass: Int, of passCount: Int, _ report: (Int, Int) -> Void
    ) throws -> [String] {
        defer { process.kill() }  // no-op once reaped; otherwise no zombie and no orphan encoder
        let stage = passCount > 1 ? " in pass \(pass)/\(passCount) (\(pass == 1 ? "palette" : "encoding"))" : ""
        let faults = options.faults
        var written = 0
        // Splicing saves a copy of every frame (the pipeline's buffers are freed when it returns; see
        // `write(frame:index:of:splicing:)` for why that is safe).
        let splice = process.canSplice(buffersOf: wire.bytesPerFrame(source.format))
        do {
            try FramePipeline.run(
                source: source, frames: frames, threadCount: options.threadCount,
                cancellation: options.cancellation,
                wire: wire, holdsPreviousFrame: splice
            ) { index, pixels in
                faults.frameTap?(index, pass, pixels)
                try process.write(frame: pixels, index: index - frames.lowerBound, of: frames.count, splicing: splice)
                written += 1
                if written == faults.killFFmpegAfterFrames { process.sendKill() }
                report(written, pass)
            }
        } catch VideoError.programFailed {
            process.waitForExit(orKillAfter: 2)
            try checkStall(process, stage)
            try options.cancellation?.throwIfCancelled()
            throw process.failure(process.failureDetail("\(stage) after \(written) of \(frames.count) frames"))
        }
        process.closeStdin()
        _ = process.waitForExit()
        try checkStall(process, stage)
        try options.cancellation?.throwIfCancelled()
        guard process.succeeded else {
            throw process.failure(process.failureDetail("\(stage) after all \(frames.count) frames"))
        }
        return process.lastStderrLines
    }
}

extension VideoRenderer {
    /// How frames of `format` travel to ffmpeg for `output` with these options.
    func wire(_ output: OutputFormat, _ format: FrameFormat) -> WireFormat {
        WireFormat.choose(for: output, transparent: options.transparent, width: format.width, height: format.height)
    }

    /// How the frames of `source` travel: as drawn when it draws the straight alpha they are to travel in.
    func wire(_ output: OutputFormat, for source: FrameSource) -> WireFormat {
        let wire = self.wire(output, source.format)
        return wire == .straightBGRA && (source as? StraightAlphaSource)?.drawsStraightAlpha == true ? .drawnStraightBGRA : wire
    }
}
