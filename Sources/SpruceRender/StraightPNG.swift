import CLibPNG
import Foundation

/// A PNG's pixels as its file holds them, read by libpng: BGRA, 8 bits a channel, straight (not premultiplied)
/// alpha. Cairo premultiplies what it reads; dividing that back cannot restore the levels of a semi-transparent
/// pixel's colour it merged, so an output that keeps alpha takes PNG frames from here (`PNGSequenceSource`).
/// Otherwise the pixels are Cairo's: 16 bits a channel keep their high 8, and gamma, sRGB and ICC chunks are
/// ignored, so an opaque pixel reads the same through both.
public enum StraightPNG {
    /// Decodes the PNG `data` into `pixels` (`width × height × 4` bytes, rows packed) when that is its size, and
    /// returns the size it has; a PNG of another size is not decoded and nothing is written. Throws
    /// `RenderError.pngDecode` as `Bitmap(pngData:)`, `RenderError.outOfMemory` when libpng finds no memory to start.
    public static func decode(_ data: Data, into pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int) throws -> (width: Int, height: Int) {
        guard data.starts(with: PNGHeader.signature) else {
            throw RenderError.pngDecode(data.isEmpty ? "the data is empty" : "the data has no PNG signature")
        }
        try PNGHeader(data)?.check()
        guard let base = pixels.baseAddress, width > 0, height > 0, pixels.count >= width * height * 4 else {
            throw RenderError.pngDecode("no room for \(width)×\(height) pixels")
        }
        var found: (png_uint_32, png_uint_32) = (0, 0)
        let outcome = data.withUnsafeBytes { bytes in
            withUnsafeMutableBytes(of: &found) { size in
                spruce_png_read_straight_bgra(bytes.baseAddress, bytes.count, base.assumingMemoryBound(to: UInt8.self),
                                              png_uint_32(width), png_uint_32(height), size.baseAddress!.assumingMemoryBound(to: png_uint_32.self))
            }
        }
        switch outcome {
        case spruce_png_read, spruce_png_other_size: return (Int(found.0), Int(found.1))
        case spruce_png_no_memory: throw RenderError.outOfMemory("no memory to start reading a PNG")
        default: throw RenderError.pngDecode("truncated or corrupt PNG data")
        }
    }
}
