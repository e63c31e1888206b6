import Foundation
import Spruce
import SpruceRender
import XCTest

/// Images are sized from their PNG header before anything is decoded, and only regular files are read.
final class PNGHeaderTests: XCTestCase {
    func header(_ width: UInt32, _ height: UInt32) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0])
    }

    func message(_ body: () throws -> Void) -> String {
        do { try body(); return "no error" } catch { return "\(error)" }
    }

    func testSizesComeFromTheHeader() {
        XCTAssertEqual(PNGHeader(header(640, 480)), PNGHeader(header(640, 480)))
        XCTAssertEqual(PNGHeader(header(640, 480))?.width, 640)
        XCTAssertEqual(PNGHeader(header(640, 480))?.height, 480)
        XCTAssertNil(PNGHeader(Data("GIF89a".utf8)))
        XCTAssertNil(PNGHeader(header(1, 1).prefix(20)))
    }

    func testHugeDeclaredSizesAreRefusedWithoutDecoding() {
        XCTAssertEqual(message { _ = try Bitmap(pngData: header(20000, 20000)) },
                       "cannot read PNG: the image is 20000×20000 pixels; at most 16384 per side and 67108864 in all (not decoded)")
        XCTAssertEqual(message { _ = try Bitmap(pngData: header(16384, 16384)) },
                       "cannot read PNG: the image is 16384×16384 pixels; at most 16384 per side and 67108864 in all (not decoded)")
        XCTAssertEqual(message { _ = try Bitmap(pngData: header(0xFFFF_FFFF, 1)) },
                       "cannot read PNG: the image is 4294967295×1 pixels; at most 16384 per side and 67108864 in all (not decoded)")
        XCTAssertEqual(message { _ = try Bitmap(pngData: header(0, 3)) }, "cannot read PNG: the PNG header declares 0×3 pixels")
        // Within the limits, the (truncated) data reaches the decoder, which refuses it for its own reason.
        let decoded = message { _ = try Bitmap(pngData: header(8192, 8192)) }
        XCTAssertTrue(decoded.hasPrefix("cannot read PNG: ") && !decoded.contains("not decoded"), decoded)
    }

    func testOnlyRegularFilesAreRead() throws {
        XCTAssertEqual(message { _ = try Bitmap(contentsOfFile: "/dev/zero") }, "cannot read PNG: /dev/zero: a character device, not a regular file")
        XCTAssertEqual(message { _ = try Bitmap(contentsOfFile: "/tmp") }, "cannot read PNG: /tmp: a directory, not a regular file")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("png-header-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try header(30000, 2).write(to: file)
        XCTAssertEqual(message { _ = try Bitmap(contentsOfFile: file.path) },
                       "cannot read PNG: \(file.path): the image is 30000×2 pixels; at most 16384 per side and 67108864 in all (not decoded)")
    }

    /// The writer keeps to the reader's limits (one check, `Bitmap.maximumSide` and `Bitmap.maximumPixels`): a picture
    /// the reader would refuse is not encoded, and the largest one the reader takes is written as read.
    func testNoPNGIsWrittenThatTheReaderWouldRefuse() throws {
        let beyond = try Bitmap(width: 16384, height: 4097)
        XCTAssertEqual(message { _ = try beyond.pngData() },
                       "cannot write: the image is 16384×4097 pixels; at most 16384 per side and 67108864 in all (a PNG the program could not read back)")
        XCTAssertEqual(message { _ = try Bitmap(pngData: header(16384, 4097)) },
                       "cannot read PNG: the image is 16384×4097 pixels; at most 16384 per side and 67108864 in all (not decoded)")
        let largest = try Bitmap(width: 16384, height: 4096)
        largest.fill(.black)
        let back = try Bitmap(pngData: try largest.pngData())
        XCTAssertEqual([back.width, back.height], [16384, 4096])
        XCTAssertTrue(back == largest)
    }
}
