import Foundation
import SpruceScene
import XCTest

/// YAML 1.1 reads `031` as octal 25, `0x19` as hex, `1:30` as 90 and `1_0` as 10: `fps: 031` played a scene at
/// 25 fps without a word. A scene's numbers are decimal, as in JSON; the other spellings are refused with the value
/// YAML would have read.
final class YAMLNumberTests: XCTestCase {
    private func fps(_ text: String) throws -> Double? {
        try SceneParser.parse(Data("views: [{frame: [5, 5, 30, 30]}]\ntimeline: {fps: \(text)}\n".utf8), yaml: true).timeline.fps
    }

    func testNumbersAreDecimal() throws {
        for (text, value) in [("25", 25.0), ("0.5", 0.5), (".5", 0.5), ("+30", 30), ("2.5e1", 25)] {
            XCTAssertEqual(try fps(text), value, text)
        }
        XCTAssertThrowsError(try fps(".inf"), "YAML's infinity reaches the range check") { error in
            XCTAssertTrue("\(error)".hasPrefix("timeline.fps: must be"), "\(error)")
        }
        for (text, read) in [("031", "25"), ("0x19", "25"), ("0o31", "25"), ("1:30", "90"), ("1_0", "10")] {
            XCTAssertThrowsError(try fps(text), text) { error in
                XCTAssertEqual("\(error)", "timeline.fps: write numbers in decimal, as in JSON: YAML would read \"\(text)\" as \(read)")
            }
        }
    }
}
