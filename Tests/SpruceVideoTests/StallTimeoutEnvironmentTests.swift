import Foundation
import SpruceVideo
import XCTest

/// `VideoOptions.stallTimeout(environment:)`: a positive number of seconds is taken, anything else is the default.
final class StallTimeoutEnvironmentTests: XCTestCase {
    func testOnlyAPositiveNumberIsTaken() {
        let fallback = VideoOptions().stallTimeout
        XCTAssertEqual(VideoOptions.stallTimeout(environment: ["SPRUCE_FFMPEG_STALL_SECONDS": "1.5"]), 1.5)
        for bad in ["0", "-3", "inf", "nan", "soon", ""] {
            XCTAssertEqual(VideoOptions.stallTimeout(environment: ["SPRUCE_FFMPEG_STALL_SECONDS": bad]), fallback, bad)
        }
        XCTAssertEqual(VideoOptions.stallTimeout(environment: [:]), fallback)
    }
}
