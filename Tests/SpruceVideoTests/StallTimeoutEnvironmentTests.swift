import Foundation
import SpruceVideo
import XCTest

/// `VideoOptions.stallTimeout(environment:)`: a decimal number of seconds in 0.1…86400 is taken, unset or empty is
/// the default, and anything else is refused naming the variable and the range.
final class StallTimeoutEnvironmentTests: XCTestCase {
    func testADecimalNumberInTheRangeIsTaken() throws {
        for (text, seconds) in [("1.5", 1.5), ("0.1", 0.1), ("86400", 86_400), ("120", 120)] {
            XCTAssertEqual(try VideoOptions.stallTimeout(environment: ["SPRUCE_FFMPEG_STALL_SECONDS": text]), seconds, text)
        }
        let fallback = VideoOptions().stallTimeout
        XCTAssertEqual(try VideoOptions.stallTimeout(environment: [:]), fallback)
        XCTAssertEqual(try VideoOptions.stallTimeout(environment: ["SPRUCE_FFMPEG_STALL_SECONDS": ""]), fallback)
    }

    func testAnyOtherValueIsRefused() {
        for bad in ["0", "-3", "0.09", "inf", "nan", "soon", "1e-320", "1e300", "86400.5", "0x10", " 5", "5.", ".5", "+5"] {
            XCTAssertThrowsError(try VideoOptions.stallTimeout(environment: ["SPRUCE_FFMPEG_STALL_SECONDS": bad]), bad) {
                XCTAssertEqual($0 as? VideoError, .environment(
                    "SPRUCE_FFMPEG_STALL_SECONDS: must be a number of seconds 0.1…86400 (unset: 120), got '\(bad)'"), bad)
            }
        }
    }
}
