/// The encoder alone, for measuring how close the pipeline comes to it.
extension VideoRenderer {
    /// The ffmpeg arguments of every pass `render` runs for `output` (two for GIF: palette, then mapping),
    /// except that the raw frames are read from the file `rawFrames` (packed, as the pipeline writes them)
    /// instead of stdin. Timing these gives the encoder-only limit with exactly the pipeline's settings.
    public func encoderPasses(format: FrameFormat, output: OutputFormat, path: String, palette: String,
                              rawFrames: String) -> [[String]] {
        var arguments = FFmpegArguments(format: format, options: options)
        arguments.inputPath = rawFrames
        switch output {
        case .mp4: return [arguments.mp4(output: path)]
        case .webm: return [arguments.webm(output: path)]
        case .png: return [arguments.png(output: path)]
        case .pngSequence: return [arguments.pngSequence(directory: path)]
        case .gif: return [arguments.gifPalette(output: palette), arguments.gif(palette: palette, output: path)]
        }
    }
}
