import Foundation

/// The encoder alone, for measuring how close the pipeline comes to it.
extension VideoRenderer {
    /// The ffmpeg arguments of every pass `render` runs for `output` (two for GIF: palette, then mapping),
    /// except that the raw frames are read from the file `rawFrames` (written by `writeRawFrames`; `-` is stdin). Timing these gives the encoder-only limit with exactly the pipeline's settings.
    public func encoderPasses(format: FrameFormat, output: OutputFormat, path: String, palette: String,
                              rawFrames: String) -> [[String]] {
        var arguments = FFmpegArguments(format: format, options: options, wire: wire(output, format))
        arguments.inputPath = rawFrames
        switch output {
        case .mp4: return [arguments.mp4(output: path)]
        case .webm: return [arguments.webm(output: path)]
        case .png: return [arguments.png(output: path)]
        case .pngSequence: return [arguments.pngSequence(directory: path)]
        case .apng: return [arguments.apng(output: path)]
        case .webp: return [arguments.webp(output: path)]
        case .gif: return [arguments.gifPalette(output: palette), arguments.gif(palette: palette, output: path)]
        }
    }

    /// Every frame of `source`, drawn and packed by the pipeline itself (one drawing thread) exactly as `render`
    /// hands it to ffmpeg for `output`, written to the file at `path`.
    public func writeRawFrames(_ source: FrameSource, output: OutputFormat, to path: String) throws {
        guard let file = fopen(path, "wb") else { throw VideoError.io("cannot write raw frames to \(path)") }
        defer { fclose(file) }
        try FramePipeline.run(source: source, frames: 0..<source.format.frameCount, threadCount: 1, cancellation: nil,
                              wire: wire(output, source.format)) { _, packed in
            guard fwrite(packed.baseAddress, 1, packed.count, file) == packed.count else {
                throw VideoError.io("short write of raw frames to \(path)")
            }
        }
    }

    /// The encoder fed through the pipeline's own pipe (`FFmpegProcess`, same pipe size, same splicing)
    /// with frames already drawn and packed, held in memory: the `rawFrames` bytes as `writeRawFrames` wrote them.
    /// Timing this gives the limit of encoder plus transport, which is what drawing and packing are added to.
    public func encode(rawFrames: UnsafeRawBufferPointer, format: FrameFormat, output: OutputFormat,
                       path: String, palette: String) throws {
        let ffmpeg = try FFmpegLocator.locate(explicit: options.ffmpegPath)
        let frameBytes = wire(output, format).bytesPerFrame(format)
        guard rawFrames.count == frameBytes * format.frameCount else {
            throw VideoError.invalidOptions("raw frames hold \(rawFrames.count) bytes, not \(format.frameCount) frames of \(frameBytes)")
        }
        for arguments in encoderPasses(format: format, output: output, path: path, palette: palette, rawFrames: "-") {
            let process = try FFmpegProcess(executable: ffmpeg, arguments: arguments, pipeStdin: true)
            defer { process.kill() }
            // The same hand-over as the pipeline's.
            let splice = process.canSplice(buffersOf: frameBytes)
            for index in 0..<format.frameCount {
                let frame = UnsafeRawBufferPointer(rebasing: rawFrames[(index * frameBytes)..<((index + 1) * frameBytes)])
                try process.write(frame: frame, index: index, of: format.frameCount, splicing: splice)
            }
            process.closeStdin()
            guard process.succeeded else { throw VideoError.ffmpegFailed(process.failureDetail("fed from memory")) }
        }
    }

    private func wire(_ output: OutputFormat, _ format: FrameFormat) -> WireFormat {
        WireFormat.choose(for: output, transparent: options.transparent, width: format.width, height: format.height)
    }
}
