import CCairo
import CPixelKernels
import Foundation
import Spruce

/// A Cairo ARGB32 image surface: premultiplied BGRA bytes in memory on little-endian machines.
///
/// A class because it owns the surface; frames are drawn into bitmaps that are reused, not reallocated.
public final class Bitmap {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next; Cairo may pad rows.
    public let stride: Int
    let surface: OpaquePointer

    /// The largest picture the program makes, writes or reads (one place for every reader and writer of a PNG):
    /// at most `maximumSide` pixels a side and `maximumPixels` in all (16384 × 4096 or 8192 × 8192, 256 MiB
    /// decoded). A scene's canvas, a review picture and each page of a filmstrip golden are held to it, and
    /// `PNGHeader.check` refuses a file beyond it before decoding, so whatever is written can be read back.
    public static let maximumSide = 16384
    public static let maximumPixels = 1 << 26

    /// Throws `error(why)` when a `width × height` picture is empty or beyond `maximumSide` and `maximumPixels`;
    /// `why` reads "the image is W×H pixels; at most 16384 per side and 67108864 in all".
    static func checkStorable(width: Int, height: Int, _ error: (String) -> RenderError) throws {
        guard width >= 1, height >= 1 else { throw error("the image is \(width)×\(height) pixels") }
        guard fitsStorage(width: width, height: height) else {
            throw error("the image is \(width)×\(height) pixels; at most \(maximumSide) per side and \(maximumPixels) in all")
        }
    }

    /// Whether a `width × height` picture is within `maximumSide` and `maximumPixels`.
    public static func fitsStorage(width: Int, height: Int) -> Bool {
        width <= maximumSide && height <= maximumSide && width * height <= maximumPixels
    }

    /// A transparent bitmap of `width × height` pixels (1 … 16384 a side).
    public init(width: Int, height: Int) throws {
        guard (1...Bitmap.maximumSide).contains(width), (1...Bitmap.maximumSide).contains(height) else {
            throw RenderError.invalidSize("\(width)×\(height) pixels; each side must be 1…\(Bitmap.maximumSide)")
        }
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        if cairo_surface_status(s) == CAIRO_STATUS_NO_MEMORY {
            cairo_surface_destroy(s)
            throw RenderError.outOfMemory("cannot allocate \(width * height * 4) bytes of memory for a picture of \(width)×\(height) pixels")
        }
        try Bitmap.check(s)
        (self.surface, self.width, self.height) = (s, width, height)
        stride = Int(cairo_image_surface_get_stride(s))
    }

    /// Takes ownership of an image surface, converting it to ARGB32 when needed.
    convenience init(adopting source: OpaquePointer) throws {
        defer { cairo_surface_destroy(source) }
        try Bitmap.check(source)
        let w = Int(cairo_image_surface_get_width(source)), h = Int(cairo_image_surface_get_height(source))
        try self.init(width: w, height: h)
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_paint(cr)
        cairo_surface_flush(surface)
    }

    /// Draws straight into memory someone else owns (a video frame buffer): no copy per frame.
    /// The memory must outlive the bitmap; rows are `width × 4` bytes apart.
    public init(wrapping pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int) throws {
        guard (1...Bitmap.maximumSide).contains(width), (1...Bitmap.maximumSide).contains(height) else {
            throw RenderError.invalidSize("\(width)×\(height) pixels; each side must be 1…\(Bitmap.maximumSide)")
        }
        guard pixels.count >= width * height * 4, let base = pixels.baseAddress else {
            throw RenderError.invalidSize("a \(pixels.count)-byte buffer cannot hold \(width)×\(height) pixels")
        }
        let s = cairo_image_surface_create_for_data(base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                    Int32(width), Int32(height), Int32(width * 4))!
        try Bitmap.check(s)
        (self.surface, self.width, self.height, self.stride) = (s, width, height, width * 4)
    }

    deinit { cairo_surface_destroy(surface) }

    static func check(_ surface: OpaquePointer) throws {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
    }

    /// The pixel rows, `stride` bytes apart. Call after drawing; Cairo flushes on access.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        let base = cairo_image_surface_get_data(surface)!
        return try body(UnsafeRawBufferPointer(start: base, count: stride * height))
    }

    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        let base = cairo_image_surface_get_data(surface)!
        defer { cairo_surface_mark_dirty(surface) }
        return try body(UnsafeMutableRawBufferPointer(start: base, count: stride * height))
    }

    /// Tightly packed rows (`width × 4` bytes each), as ffmpeg's `bgra` raw video wants them.
    public func packedBGRA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        copyPackedBGRA(into: &out)
        return out
    }

    public func copyPackedBGRA(into out: inout [UInt8]) {
        out.withUnsafeMutableBytes { copyPackedBGRA(into: $0) }
    }

    public func copyPackedBGRA(into out: UnsafeMutableRawBufferPointer) {
        precondition(out.count >= width * height * 4, "destination too small")
        withUnsafeBytes { src in
            let row = width * 4
            if row == stride {
                out.baseAddress!.copyMemory(from: src.baseAddress!, byteCount: row * height)
            } else {
                for y in 0..<height {
                    (out.baseAddress! + y * row).copyMemory(from: src.baseAddress! + y * stride, byteCount: row)
                }
            }
        }
    }

    /// One pixel as straight-alpha RGBA bytes, for tests and tools.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        return withUnsafeBytes { p in
            let o = y * stride + x * 4
            let a = p[o + 3]
            func un(_ v: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + Int(a) / 2) / Int(a))) }
            return (un(p[o + 2]), un(p[o + 1]), un(p[o]), a)
        }
    }

    /// Fills every pixel with `color`, or clears to transparent when nil.
    public func fill(_ color: Color?) {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        let c = color ?? .clear
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_paint(cr)
    }

    /// Sets the pixels of `rects` (inside the bitmap) to one premultiplied ARGB32 value, without Cairo: the bytes
    /// of Cairo's SOURCE paint of the colour whose pixel it is (`CairoColor`) through those rectangles' clip.
    func fill(_ rects: [PixelRect], with pixel: UInt32) {
        withUnsafeMutableBytes { bytes in
            let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for r in rects {
                precondition(r.x0 >= 0 && r.y0 >= 0 && r.x1 <= width && r.y1 <= height, "\(r) outside \(width)×\(height)")
                spruce_fill_rect(pixels, stride / 4, r.x0, r.y0, r.x1, r.y1, pixel)
            }
        }
    }

    /// A copy with its own surface.
    public func copy() -> Bitmap {
        let out = try! Bitmap(width: width, height: height)
        out.withUnsafeMutableBytes { dst in
            withUnsafeBytes { src in dst.copyMemory(from: src) }
        }
        return out
    }
}

extension Bitmap: Equatable {
    /// Same size and the same bytes in every pixel, compared row by row in place (a filmstrip golden's check compares
    /// two pictures of millions of pixels).
    public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        if lhs === rhs { return true }
        let row = lhs.width * 4
        return lhs.withUnsafeBytes { a in
            rhs.withUnsafeBytes { b in
                (0..<lhs.height).allSatisfy { y in memcmp(a.baseAddress! + y * lhs.stride, b.baseAddress! + y * rhs.stride, row) == 0 }
            }
        }
    }
}
