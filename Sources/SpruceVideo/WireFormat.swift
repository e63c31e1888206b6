import SpruceFilm

/// The layout of the raw frames on ffmpeg's stdin. Cairo draws premultiplied BGRA; what travels depends on the
/// output, and the conversion runs on the drawing workers, in parallel, before a frame enters the pipe.
enum WireFormat: Equatable {
    /// Cairo's bytes as drawn; ffmpeg's `bgr0` ignores the alpha byte (for premultiplied pixels, that is the
    /// frame over black). For PNG, APNG and WebP, whose encoders need RGB anyway.
    case bgr0
    /// Cairo's bytes with every alpha byte set to 255: the same picture as `bgr0` (the frame over black), in the
    /// `bgra` layout `palettegen` and `paletteuse` take, so ffmpeg converts nothing. For opaque GIFs.
    case opaqueBGRA
    /// Straight (un-premultiplied) BGRA, for outputs that keep alpha.
    case straightBGRA
    /// Straight BGRA as the source drew it (`StraightAlphaSource`: PNG files read as they are), for outputs that
    /// keep alpha: nothing to convert.
    case drawnStraightBGRA
    /// Planar 4:2:0, BT.709, limited range (`YUV420Conversion`): exactly what x264 and VP9 encode, so ffmpeg
    /// converts nothing and the pipe carries 1.5 bytes a pixel.
    case yuv420p

    static func choose(for output: OutputFormat, transparent: Bool, width: Int, height: Int) -> WireFormat {
        if transparent { return .straightBGRA }
        switch output {
        case .mp4, .webm:
            return YUV420Conversion.supports(width: width, height: height) ? .yuv420p : .bgr0
        case .gif:
            return .opaqueBGRA
        case .png, .pngSequence, .apng, .webp:
            return .bgr0
        }
    }

    var ffmpegPixelFormat: String {
        switch self {
        case .bgr0: return "bgr0"
        case .straightBGRA, .drawnStraightBGRA, .opaqueBGRA: return "bgra"
        case .yuv420p: return "yuv420p"
        }
    }

    func bytesPerFrame(_ format: FrameFormat) -> Int {
        self == .yuv420p ? YUV420Conversion.byteCount(width: format.width, height: format.height) : format.bytesPerFrame
    }

    /// BGRA formats are finished in the buffer Cairo drew into; 4:2:0 needs a separate drawing buffer.
    var convertsInPlace: Bool { self != .yuv420p }

    /// Turns a drawn frame into wire bytes. In place formats get the same buffer twice.
    func pack(drawn: UnsafeMutableRawBufferPointer, format: FrameFormat, into wire: UnsafeMutableRawBufferPointer) {
        switch self {
        case .bgr0, .drawnStraightBGRA:
            break
        case .straightBGRA:
            PixelConversion.unpremultiplyBGRA(drawn)
        case .opaqueBGRA:
            PixelConversion.makeOpaque(drawn)
        case .yuv420p:
            YUV420Conversion.convert(bgra: drawn.baseAddress!, width: format.width, height: format.height,
                                     into: wire.baseAddress!)
        }
    }
}
