import Foundation
import MediaTestSupport
import XCTest
@testable import SpruceVideo

/// `WebPStill`: the still image libwebp writes for frames that are all alike, made the one frame of an animation,
/// read back by libwebp's own tools.
final class WebPStillTests: XCTestCase {
    /// A still WebP of one 8×8 colour written by ffmpeg's libwebp_anim, as a render's one merged frame is.
    private func still(_ colour: String, in scratch: Scratch) throws -> [UInt8] {
        let url = scratch.path("still.webp")
        _ = try Media.output(of: "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(colour):s=8x8,format=rgba", "-frames:v", "1",
                                            "-pix_fmt", "bgra", "-c:v", "libwebp_anim", "-lossless", "1", "-f", "webp", url.path])
        return [UInt8](try Data(contentsOf: url))
    }

    private func info(_ bytes: [UInt8], in scratch: Scratch) throws -> String {
        let url = scratch.path("animated.webp")
        try Data(bytes).write(to: url)
        return String(decoding: try Media.output(of: "webpmux", ["-info", url.path]), as: UTF8.self)
            + String(decoding: try Media.output(of: "webpinfo", [url.path]), as: UTF8.self)
    }

    func testAStillBecomesAnAnimationOfItsLengthAndPlays() throws {
        let scratch = try Scratch()
        let opaque = try still("red", in: scratch)
        XCTAssertEqual(WebPStill.stillImage(opaque)?.alpha, false)
        let animation = try XCTUnwrap(WebPStill.animated(opaque, width: 8, height: 8, milliseconds: 1200, plays: 3))
        let text = try info(animation, in: scratch)
        XCTAssertTrue(text.contains("Features present: animation") && !text.contains("transparency"), text)
        XCTAssertTrue(text.contains("Loop Count : 3") && text.contains("Canvas size 8 x 8") && text.contains("No error detected"), text)
        XCTAssertTrue(text.contains("Duration: 1200"), text)
        XCTAssertNil(WebPStill.stillImage(animation), "an animation is no still")
    }

    /// Alpha is flagged; a film longer than a WebP frame holds (24 bits of milliseconds) takes more frames.
    func testAlphaAndFilmsLongerThanOneFrameHolds() throws {
        let scratch = try Scratch()
        let clear = try still("red@0.5", in: scratch)
        XCTAssertEqual(WebPStill.stillImage(clear)?.alpha, true)
        let long = 2 * WebPStill.longestFrame + 5
        let text = try info(try XCTUnwrap(WebPStill.animated(clear, width: 8, height: 8, milliseconds: long, plays: 0)), in: scratch)
        XCTAssertTrue(text.contains("Features present: animation transparency"), text)
        XCTAssertTrue(text.contains("Loop Count : 0") && text.contains("Number of frames: 3") && text.contains("No error detected"), text)
        XCTAssertEqual(text.components(separatedBy: "Duration: \(WebPStill.longestFrame)").count - 1, 2, text)
        XCTAssertTrue(text.contains("Duration: 5\n"), text)
    }

    func testAStillOfAnotherSizeOrOtherBytesAreLeft() throws {
        let scratch = try Scratch()
        let opaque = try still("red", in: scratch)
        XCTAssertNil(WebPStill.animated(opaque, width: 9, height: 8, milliseconds: 100, plays: 0))
        XCTAssertNil(WebPStill.animated(Array(opaque.dropLast()), width: 8, height: 8, milliseconds: 100, plays: 0))
        XCTAssertNil(WebPStill.animated(Array("not a webp at all, twenty".utf8), width: 8, height: 8, milliseconds: 100, plays: 0))
    }
}
