import Foundation
import MediaTestSupport
import SpruceRender
@testable import SpruceVideo
import XCTest

/// A stitch folder's frames are checked before the encoder starts; one replaced afterwards is refused as a frame
/// when it is drawn, with the same words and kind (bad input, not a bad flag).
final class PNGSequenceSourceTests: XCTestCase {
    func testAFrameReplacedByOneOfAnotherSizeAfterTheCheckIsAnUnreadableFrame() throws {
        let scratch = try Scratch()
        let folder = scratch.url
        for name in ["frame_0.png", "frame_1.png"] { try Bitmap(width: 4, height: 4).writePNG(to: folder.appendingPathComponent(name).path) }
        let source = try PNGSequenceSource(directory: folder, framesPerSecond: 25)
        try Bitmap(width: 4, height: 5).writePNG(to: folder.appendingPathComponent("frame_1.png").path)

        var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
        let cursor = try source.makeCursor()
        XCTAssertNoThrow(try pixels.withUnsafeMutableBytes { try cursor.draw(frame: 0, into: $0) })
        XCTAssertThrowsError(try pixels.withUnsafeMutableBytes { try cursor.draw(frame: 1, into: $0) }) { error in
            guard case VideoError.unreadableFrame(let file, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(file, "frame_1.png")
            XCTAssertEqual(reason, "it is 4x5, the first frame is 4x4; every frame must have the first one's size")
        }
    }
}
