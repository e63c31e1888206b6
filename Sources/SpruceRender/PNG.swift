import CCairo
import Foundation
import Spruce

// PNG in and out through Cairo's own libpng bindings; no other image library is needed.

private final class ReadCursor {
    let bytes: [UInt8]
    var offset = 0
    init(_ data: Data) { bytes = [UInt8](data) }
}

private final class WriteSink {
    var data = Data()
}

extension Bitmap {
    /// Decodes a PNG; anything that is not a whole, valid PNG throws `RenderError.pngDecode`.
    public convenience init(pngData data: Data) throws {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw RenderError.pngDecode(data.isEmpty ? "the data is empty" : "the data has no PNG signature")
        }
        let header = PNGHeader(data)
        try header?.check()
        let cursor = ReadCursor(data)
        let box = Unmanaged.passRetained(cursor)
        defer { box.release() }
        let surface = cairo_image_surface_create_from_png_stream({ closure, out, length in
            let c = Unmanaged<ReadCursor>.fromOpaque(closure!).takeUnretainedValue()
            let n = Int(length)
            guard c.offset + n <= c.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            c.bytes.withUnsafeBufferPointer { src in
                out!.update(from: src.baseAddress! + c.offset, count: n)
            }
            c.offset += n
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque())!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            if status == CAIRO_STATUS_NO_MEMORY, let header,
               let shortage = PNGDecodeMemory.shortage(width: header.width, height: header.height) {
                throw shortage
            }
            // Cairo reports libpng's errors (a bad CRC, corrupt compressed data) as "out of memory" as well.
            let why = status == CAIRO_STATUS_READ_ERROR ? "truncated or corrupt PNG data"
                : status == CAIRO_STATUS_NO_MEMORY ? "corrupt PNG data"
                : String(cString: cairo_status_to_string(status))
            throw RenderError.pngDecode(why)
        }
        try self.init(adopting: surface)
    }

    public convenience init(contentsOfFile path: String) throws {
        let data = try PNGHeader.readFile(path: path)
        do {
            try self.init(pngData: data)
        } catch RenderError.pngDecode(let why) {
            throw RenderError.pngDecode("\(path): \(why)")
        } catch RenderError.outOfMemory(let why) {
            throw RenderError.outOfMemory("\(path): \(why)")
        }
    }

    /// The picture as a PNG; one beyond `Bitmap.maximumSide` or `Bitmap.maximumPixels`, which no reader of the
    /// program would take back, throws `RenderError.write` instead.
    public func pngData() throws -> Data {
        try Bitmap.checkStorable(width: width, height: height) { RenderError.write($0 + " (a PNG the program could not read back)") }
        let sink = WriteSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            let s = Unmanaged<WriteSink>.fromOpaque(closure!).takeUnretainedValue()
            s.data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }

    /// Writes a PNG beside the target, then renames it: a failure never leaves a partial file.
    public func writePNG(to path: String) throws {
        try AtomicFile.write(pngData(), to: URL(plainPath: path))
    }
}

extension Image {
    /// Reads a PNG file into an `Image` for `ImageView`.
    public init(contentsOfFile path: String, scale: CGFloat = 1) throws {
        let bitmap = try Bitmap(contentsOfFile: path)
        do { try self.init(decoded: bitmap, scale: scale) } catch RenderError.outOfMemory(let why) {
            throw RenderError.outOfMemory("\(path): \(why)")
        }
    }

    public init(pngData: Data, scale: CGFloat = 1) throws {
        try self.init(decoded: Bitmap(pngData: pngData), scale: scale)
    }

    /// The packed copy of a decoded file's pixels is as large as the decode; memory refused for it throws
    /// `RenderError.outOfMemory` rather than stopping the process.
    private init(decoded bitmap: Bitmap, scale: CGFloat) throws {
        if let shortage = PNGDecodeMemory.shortage(width: bitmap.width, height: bitmap.height) { throw shortage }
        self.init(bitmap: bitmap, scale: scale)
    }

    public init(bitmap: Bitmap, scale: CGFloat = 1) {
        self.init(pixelWidth: bitmap.width, pixelHeight: bitmap.height, scale: scale, pixels: bitmap.packedBGRA())
    }
}
