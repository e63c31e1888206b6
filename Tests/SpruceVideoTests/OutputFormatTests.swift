import Foundation
import XCTest
@testable import SpruceVideo

final class OutputFormatTests: XCTestCase {
    func testInference() throws {
        XCTAssertEqual(try OutputFormat.infer(from: URL(fileURLWithPath: "/tmp/a/clip.MP4")), .mp4)
        XCTAssertEqual(try OutputFormat.infer(from: URL(fileURLWithPath: "/tmp/a/clip.gif")), .gif)
        XCTAssertEqual(try OutputFormat.infer(from: URL(fileURLWithPath: "/tmp/a/clip.webm")), .webm)
        XCTAssertEqual(try OutputFormat.infer(from: URL(fileURLWithPath: "/tmp/a/still.png")), .png(frame: 0))
        XCTAssertEqual(try OutputFormat.infer(from: URL(fileURLWithPath: "/tmp/a/frames/")), .pngSequence)
        XCTAssertThrowsError(try OutputFormat.infer(from: URL(fileURLWithPath: "/nonexistent/clip")))
    }

    func testRationalFrameRates() {
        XCTAssertEqual(FrameRate.rational(25), "25/1")
        XCTAssertEqual(FrameRate.rational(30000.0 / 1001), "30000/1001")
        XCTAssertEqual(FrameRate.rational(100.0 / 3), "100/3")
        XCTAssertEqual(FrameRate.rational(12.5), "25/2")
    }
}
