import SpruceFilm
import SpruceRender

/// Whether an opaque film holds no more colours than a GIF palette. Then `palettegen` (every colour counted, none
/// reserved for transparency) gives each colour an entry of its own, `paletteuse` maps every pixel without error,
/// and error diffusion has nothing to spread: mapping without dithering writes the same bytes, in about a third
/// less of ffmpeg's time (flat UI films such as the README's grid). The colour of a pixel is its bytes without the
/// alpha byte, as `bgr0` and opaque BGRA send it.
enum PaletteColours {
    /// The entries of a GIF palette.
    static let paletteSize = 256

    /// Draws `frames` of `source` and counts their colours, stopping at the first colour beyond `paletteSize`.
    static func fitPalette(_ source: FrameSource, _ frames: Range<Int>, threadCount: Int,
                           cancellation: RenderCancellation?) throws -> Bool {
        var colours = Set<UInt32>()
        do {
            try FramePipeline.run(source: source, frames: frames, threadCount: threadCount, cancellation: cancellation,
                                  wire: .bgr0) { _, pixels in
                try count(pixels, into: &colours)
            }
        } catch is TooManyColours {
            return false
        }
        return true
    }

    private struct TooManyColours: Error {}

    /// Adds the colours of `pixels` to `colours`; throws once they are more than `paletteSize`. A pixel like the
    /// one before it is skipped, so flat areas cost a comparison each.
    private static func count(_ pixels: UnsafeRawBufferPointer, into colours: inout Set<UInt32>) throws {
        var previous: UInt32 = .max  // no colour: the alpha byte is masked away
        var offset = 0
        while offset + 4 <= pixels.count {
            let colour = pixels.load(fromByteOffset: offset, as: UInt32.self) & 0x00FF_FFFF
            offset += 4
            if colour == previous { continue }
            previous = colour
            if colours.insert(colour).inserted, colours.count > paletteSize { throw TooManyColours() }
        }
    }
}
