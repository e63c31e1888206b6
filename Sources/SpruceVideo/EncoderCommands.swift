import Foundation
import SpruceFilm

/// The encoder alone, for measuring how close the pipeline comes to it.
extension VideoRenderer {
    /// Where `writeRawFrames` puts a GIF's palette-pass frames (`PaletteSample`), beside the mapping pass's.
    public static func paletteFramesPath(_ rawFrames: String) -> String { rawFrames + ".palette" }

    /// The ffmpeg arguments of every pass `render` runs for `source` as `output` (two for a GIF that is not made in
    /// one run: palette, then mapping), except that the raw frames are read from the file `rawFrames` (written by
    /// `writeRawFrames`; `-` is stdin for every pass). Timing these gives the encoder-only limit with exactly the
    /// pipeline's settings (a GIF in one run takes the dithering `oneRunDither` chooses from the film's colours, as
    /// the run `render` keeps does).
    public func encoderPasses(source: FrameSource, output: OutputFormat, path: String, palette: String,
                              rawFrames: String) throws -> [[String]] {
        let format = source.format
        var arguments = FFmpegArguments(format: format, options: options, wire: wire(output, format))
        arguments.inputPath = rawFrames
        switch output {
        case .mp4: return [arguments.mp4(output: path)]
        case .webm: return [arguments.webm(output: path)]
        case .png: return [arguments.png(output: path)]
        case .pngSequence: return [arguments.pngSequence(directory: path)]
        case .apng: return [arguments.apng(output: path)]
        case .webp: return [arguments.webp(output: path)]
        case .gif where gifInOneRun(source, frameCount: format.frameCount):
            return [arguments.gifOneRun(output: path, dither: try oneRunDither(source, 0..<format.frameCount))]
        case .gif:
            var first = paletteInput(for: source).arguments
            first.inputPath = rawFrames == "-" ? "-" : Self.paletteFramesPath(rawFrames)
            return [first.gifPalette(output: palette), arguments.gif(palette: palette, output: path)]
        }
    }

    /// The files `writeRawFrames` writes for `source` as `output` at `path`, in the order of `encoderPasses`.
    public func rawFramePaths(_ source: FrameSource, output: OutputFormat, path: String) -> [String] {
        twoGIFRuns(source, output) ? [Self.paletteFramesPath(path), path] : [path]
    }

    private func twoGIFRuns(_ source: FrameSource, _ output: OutputFormat) -> Bool {
        output == .gif && !gifInOneRun(source, frameCount: source.format.frameCount)
    }

    /// Every frame of `source`, drawn and packed by the pipeline itself (one drawing thread) exactly as `render`
    /// hands it to ffmpeg for `output`, written to the file at `path`; for a GIF in two runs, also the palette
    /// pass's frames, to `paletteFramesPath(path)`.
    public func writeRawFrames(_ source: FrameSource, output: OutputFormat, to path: String) throws {
        try write(source, wire(output, source.format), to: path)
        if twoGIFRuns(source, output) {
            let input = paletteInput(for: source)
            try write(input.source, input.wire, to: Self.paletteFramesPath(path))
        }
    }

    private func write(_ source: FrameSource, _ wire: WireFormat, to path: String) throws {
        guard let file = fopen(path, "wb") else { throw VideoError.io("cannot write raw frames to \(path)") }
        defer { fclose(file) }
        try FramePipeline.run(source: source, frames: 0..<source.format.frameCount, threadCount: 1, cancellation: nil,
                              wire: wire) { _, packed in
            guard fwrite(packed.baseAddress, 1, packed.count, file) == packed.count else {
                throw VideoError.io("short write of raw frames to \(path)")
            }
        }
    }

    /// The encoder fed through the pipeline's own pipe (`ChildProcess`, same pipe size, same splicing)
    /// with frames already drawn and packed, held in memory: one buffer a pass, as `writeRawFrames` wrote them
    /// (`rawFramePaths`: a GIF's palette-pass frames first). Timing this gives the limit of encoder plus transport,
    /// which is what drawing and packing are added to.
    public func encode(rawFrames: [UnsafeRawBufferPointer], source: FrameSource, output: OutputFormat,
                       path: String, palette: String) throws {
        let ffmpeg = try FFmpegLocator.locate(explicit: options.ffmpegPath)
        let passes = try encoderPasses(source: source, output: output, path: path, palette: palette, rawFrames: "-")
        let formats = twoGIFRuns(source, output) ? [paletteInput(for: source).source.format, source.format] : [source.format]
        guard rawFrames.count == passes.count else {
            throw VideoError.invalidOptions("\(rawFrames.count) raw frame buffers for \(passes.count) passes")
        }
        for (pass, arguments) in passes.enumerated() {
            let format = formats[pass], frames = rawFrames[pass]
            let frameBytes = wire(output, format).bytesPerFrame(format)
            guard frames.count == frameBytes * format.frameCount else {
                throw VideoError.invalidOptions("raw frames hold \(frames.count) bytes, not \(format.frameCount) frames of \(frameBytes)")
            }
            let process = try ChildProcess("ffmpeg", executable: ffmpeg, arguments: arguments, pipeStdin: true)
            defer { process.kill() }
            // The same hand-over as the pipeline's.
            let splice = process.canSplice(buffersOf: frameBytes)
            for index in 0..<format.frameCount {
                let frame = UnsafeRawBufferPointer(rebasing: frames[(index * frameBytes)..<((index + 1) * frameBytes)])
                try process.write(frame: frame, index: index, of: format.frameCount, splicing: splice)
            }
            process.closeStdin()
            guard process.succeeded else { throw process.failure(process.failureDetail("fed from memory")) }
        }
    }
}
