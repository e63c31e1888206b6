import SpruceFilm

/// What a GIF's palette pass is shown. `palettegen` counts colours, not where they are: a large film drawn at
/// half its scale each way shows the same colours in nearly the same proportions for a quarter of the drawing,
/// of the bytes through the pipe and of ffmpeg's counting. Frames are reduced only while the reduced frame keeps
/// `minimumPixels`, so a film under 2 megapixels (every example gif, the phones) gets exactly the palette of its
/// full frames. docs/AnimatedImages.md gives the quality this costs (docs/Performance.md, how it is measured):
/// nothing visible for flat tiles, about half a decibel of PSNR at most for text and photographs.
public enum PaletteSample {
    /// The fewest pixels a reduced palette frame may have (960×540 is 518,400).
    public static let minimumPixels = 500_000

    /// The largest power of two by which both sides can be divided (rounding down) and leave `minimumPixels`: 1 for
    /// anything under 2,000,000 pixels, 2 for 1920×1080, 4 for 3840×2160.
    public static func divisor(width: Int, height: Int) -> Int {
        var divisor = 1
        while (width / (divisor * 2)) * (height / (divisor * 2)) >= minimumPixels { divisor *= 2 }
        return divisor
    }

    /// The source the palette pass draws: `source` reduced by `divisor`, or `source` itself.
    public static func source(for source: FrameSource) -> FrameSource {
        let format = source.format
        let divisor = divisor(width: format.width, height: format.height)
        guard divisor > 1, let reducible = source as? ReducibleFrameSource else { return source }
        return reducible.reduced(by: divisor) ?? source
    }
}
