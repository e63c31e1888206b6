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
        let wire = self.wire(.gif, for: sample)
        return (sample, wire, FFmpegArguments(format: sample.format, options: options, wire: wire))
    }

    /// The most bytes of frames a GIF may have and still be made in one ffmpeg run (`FFmpegArguments.gifOneRun`):
    /// ffmpeg holds all of them until the palette is complete. The README's film is 44 MiB.
    static let oneRunBytes = 256 << 20

    /// Whether `render` makes a GIF of `frameCount` frames of `source` in one ffmpeg run, reading each frame once:
    /// when the palette pass would see the frames as they are (`PaletteSample` reduces none), no shared palette is
    /// given, and the frames fit `oneRunBytes` (`FaultInjection.oneRunBytes` in tests). Otherwise the palette pass
    /// and the mapping pass are two runs, each drawing the frames.
    func gifInOneRun(_ source: FrameSource, frameCount: Int) -> Bool {
        let format = source.format
        guard options.joinable == nil, PaletteSample.divisor(width: format.width, height: format.height) == 1 else { return false }
        return frameCount <= (options.faults.oneRunBytes ?? Self.oneRunBytes) / max(1, wire(.gif, for: source).bytesPerFrame(format))
    }

    /// The dithering of a GIF made in one run: none when the opaque film's colours fit the palette
    /// (`PaletteColours`, which draws the frames once to count them), since it then writes the bytes error diffusion
    /// would; otherwise `options.dither`. Bayer dithering is kept: it moves pixels whatever the palette.
    func oneRunDither(_ source: FrameSource, _ frames: Range<Int>) throws -> GIFDither {
        guard oneRunCountsColours,
              try PaletteColours.fitPalette(source, frames, threadCount: options.threadCount, cancellation: options.cancellation)
        else { return options.dither }
        return .none
    }

    /// Whether `oneRunDither` counts the film's colours: for an opaque film and error diffusion.
    var oneRunCountsColours: Bool { !options.transparent && options.dither.diffusesError }

    /// A GIF in one ffmpeg run. When its dithering waits on the colour count (`oneRunDither`), ffmpeg starts first,
    /// without dithering (what a film whose colours fit takes), so that loading its libraries (about 70 ms) overlaps
    /// the count. A film whose colours do not fit stops that ffmpeg before any frame reached it and starts another
    /// with `options.dither`; both write the same temporary output.
    func streamOneRunGIF(_ source: FrameSource, _ frames: Range<Int>, _ wire: WireFormat, _ arguments: FFmpegArguments,
                         into path: String, _ ffmpeg: String, _ report: (Int, Int) -> Void) throws -> [String] {
        guard oneRunCountsColours else {
            return try stream(source, frames, wire, arguments.gifOneRun(output: path, dither: options.dither), ffmpeg,
                              pass: 1, of: 1, report)
        }
        let early = try start(ffmpeg, arguments.gifOneRun(output: path, dither: .none))
        defer { early.kill() }  // stopped and reaped on every way out, a failed count included
        early.holdStallClock(true)  // however long the count takes, ffmpeg is not stalled
        let dither = try oneRunDither(source, frames)
        guard dither == .none else {
            early.send(SIGKILL)  // it has had no frame: nothing of its output is kept
            early.kill()
            return try stream(source, frames, wire, arguments.gifOneRun(output: path, dither: dither), ffmpeg,
                              pass: 1, of: 1, report)
        }
        early.holdStallClock(false)
        return try feed(early, source, frames, wire, pass: 1, of: 1, report)
    }
}
