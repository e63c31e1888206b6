import Foundation
import SpruceFilm

extension VideoRenderer {
    /// A GIF's first pass alone: the palette of every frame of `source` (ffmpeg `palettegen`, as `render` makes it
    /// for a GIF), written to `target` as a 16×16 PNG, atomically. The parts of a joinable GIF share this palette
    /// (`JoinableEncoding.palette`); it depends on the frames only, so every machine computes the same one.
    public func writePalette(_ source: FrameSource, to target: URL) throws {
        let format = source.format
        try format.validate()
        let ffmpeg = try FFmpegLocator.locate(explicit: options.ffmpegPath)
        let destination = try VideoDestination.prepare(target: target, isDirectory: false, fileExtension: "png")
        do {
            let last = try streamPalette(of: source, 0..<format.frameCount, to: destination.temporary.path, ffmpeg,
                                         pass: 1, of: 1) { _, _ in }
            let paletteFormat = FrameFormat(width: 16, height: 16, framesPerSecond: format.framesPerSecond, frameCount: 1)
            try OutputCheck(output: .png(frame: 0), format: paletteFormat, frameCount: 1, ffmpeg: ffmpeg, lastMessage: last)
                .verify(destination.temporary.path)
            try destination.commit()
        } catch {
            destination.discard()
            throw error
        }
    }

    /// The palette pass: `frames` of the source `PaletteSample` chooses for `source` through `palettegen`.
    @discardableResult
    func streamPalette(of source: FrameSource, _ frames: Range<Int>, to palette: String, _ ffmpeg: String,
                       pass: Int, of passCount: Int, _ report: (Int, Int) -> Void) throws -> [String] {
        let input = paletteInput(for: source)
        return try stream(input.source, frames, input.wire, input.arguments.gifPalette(output: palette), ffmpeg,
                          pass: pass, of: passCount, report)
    }

    /// What the palette pass of `source` draws (`PaletteSample`), how its frames travel, and ffmpeg's input for them:
    /// the one choice `render`, `writePalette` and the encoder-only tools share.
    func paletteInput(for source: FrameSource) -> (source: FrameSource, wire: WireFormat, arguments: FFmpegArguments) {
        let sample = PaletteSample.source(for: source)
        let wire = self.wire(.gif, sample.format)
        return (sample, wire, FFmpegArguments(format: sample.format, options: options, wire: wire))
    }
}
