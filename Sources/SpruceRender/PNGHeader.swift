import Foundation

/// A PNG's size from its IHDR chunk (the first 24 bytes), read before anything is decoded: a small file
/// can declare a 20000 × 20000 picture that would take gigabytes once decoded.
public struct PNGHeader: Equatable {
    public let width: Int
    public let height: Int

    /// The eight bytes every PNG (and APNG) file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// nil when `data` does not start like a PNG (the decoder then says why).
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == Self.signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        (width, height) = (BigEndian.int32(bytes, 16), BigEndian.int32(bytes, 20))
    }

    /// Throws `RenderError.pngDecode` when the picture is empty or beyond `Bitmap.maximumSide` and
    /// `Bitmap.maximumPixels`, the limits every PNG writer of the program keeps to.
    public func check() throws {
        guard width >= 1, height >= 1 else { throw RenderError.pngDecode("the PNG header declares \(width)×\(height) pixels") }
        try Bitmap.checkStorable(width: width, height: height) { RenderError.pngDecode($0 + " (not decoded)") }
    }

    /// Compressed PNG files larger than this are refused before they are read.
    public static let maximumFileBytes = 256 << 20

    /// The bytes of the PNG file at `path`, read only after the checks: a regular file (not a device or a
    /// FIFO, which could be endless) of at most `maximumFileBytes`, whose header declares a size within
    /// the limits. Throws `RenderError.pngDecode` with the path.
    public static func readFile(path: String) throws -> Data {
        let (file, head) = try open(path)
        do { try PNGHeader(head)?.check() } catch RenderError.pngDecode(let why) { throw RenderError.pngDecode("\(path): \(why)") }
        let rest = (try? file.read(upTo: maximumFileBytes + 1 - head.count)) ?? Data()
        return head + rest
    }

    /// The header of the PNG file at `path` (its first 24 bytes only), with `readFile`'s checks and a PNG
    /// signature required: for checking a folder of frames before any is decoded.
    public static func read(path: String) throws -> PNGHeader {
        let head = try open(path).1
        guard let header = PNGHeader(head) else {
            throw RenderError.pngDecode("\(path): \(head.isEmpty ? "the file is empty" : "it is not a PNG (no PNG signature and header)")")
        }
        do { try header.check() } catch RenderError.pngDecode(let why) { throw RenderError.pngDecode("\(path): \(why)") }
        return header
    }

    /// Opened through `RegularFile` (no FIFO can hang it, no device feed it): a regular file of at most
    /// `maximumFileBytes`. Returns the open file and its first 24 bytes.
    private static func open(_ path: String) throws -> (RegularFile, Data) {
        let file: RegularFile
        do { file = try RegularFile(path: path, maximumBytes: maximumFileBytes) } catch {
            throw RenderError.pngDecode("\(path): \(error.words)")
        }
        return (file, (try? file.read(upTo: 24)) ?? Data())
    }
}
