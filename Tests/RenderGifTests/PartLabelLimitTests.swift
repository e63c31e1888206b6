import Foundation
import SpruceScene
import SpruceVideo
import XCTest

/// The label a joinable part carries is read back for the longest film the limits allow (3600 s at 1000 fps):
/// `PartLabel`'s reader takes frame numbers up to 100,000,000, the writer's largest is 3,600,000.
final class PartLabelLimitTests: XCTestCase {
    func testTheLongestFilmsPartsAreLabelledAndReadBack() throws {
        let frames = try XCTUnwrap(SceneLimits.frameCount(seconds: SceneLimits.maximumFilmSeconds,
                                                          framesPerSecond: SceneLimits.framesPerSecond.upperBound))
        for label in [PartLabel(frames: frames - 1..<frames, total: frames, film: "ffffffffffffffff"),
                      PartLabel(frames: 0..<frames, total: frames, film: "0123456789abcdef"),
                      PartLabel(frames: 0..<1, total: frames)] {
            XCTAssertEqual(PartLabel(text: label.text), label, label.text)
        }
    }
}
