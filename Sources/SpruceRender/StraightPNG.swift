import CLibPNG
import Foundation

/// A PNG's pixels as its file holds them, read by libpng: BGRA, 8 bits a channel, straight (not premultiplied)
/// alpha. Cairo premultiplies what it reads; dividing that back cannot restore the levels of a semi-transparent
/// pixel's colour it merged, so an output that keeps alpha takes PNG frames from here (`PNGSequenceSource`).
public enum StraightPNG {
    /// Decodes the PNG `data` into `pixels` (`width × height × 4` bytes, rows packed) when that is its size, and
    /// returns the size it has; a PNG of another size is not decoded and nothing is written. A file of 16 bits a
    /// channel is not decoded either (nil): Cairo reads those. Throws `RenderError.pngDecode` as `Bitmap(pngData:)`.
    public static func decode(_ data: Data, into pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int) throws -> (width: Int, height: Int)? {
        guard data.starts(with: PNGHeader.signature) else {
            throw RenderError.pngDecode(data.isEmpty ? "the data is empty" : "the data has no PNG signature")
        }
        try PNGHeader(data)?.check()
        // The IHDR's bit depth follows its width and height.
        guard data.count > 24, data[data.startIndex + 24] <= 8 else { return nil }
        return try data.withUnsafeBytes { bytes -> (width: Int, height: Int)? in
            var image = png_image()
            image.version = spruce_png_image_version
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else { throw failure() }
            let size = (width: Int(image.width), height: Int(image.height))
            guard size.width == width, size.height == height else { return size }
            guard pixels.count >= width * height * 4 else { throw RenderError.pngDecode("no room for \(width)×\(height) pixels") }
            image.format = spruce_png_format_bgra
            guard png_image_finish_read(&image, nil, pixels.baseAddress, png_int_32(width * 4), nil) != 0 else { throw failure() }
            return size
        }
    }

    /// What Cairo's reader says of a file libpng cannot read.
    private static func failure() -> RenderError { .pngDecode("truncated or corrupt PNG data") }
}
