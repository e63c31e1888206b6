@testable import SpruceScene
import XCTest

/// The nesting estimate counts only what YAML reads as structure: brackets inside a scalar (single-quoted with `''`,
/// plain, or a block scalar's lines, however indented) nest nothing, and real nesting is still counted.
final class YAMLNestingScanTests: XCTestCase {
    let brackets = String(repeating: "[", count: 70)

    func testBracketsInScalarsAreText() throws {
        let texts = [
            "views:\n  - type: label\n    text: 'it''s \(brackets)'\n",
            "views:\n  - type: label\n    text: |\n      \(brackets)\n    frame: [0, 0, 10, 10]\n",
            "name: a\(brackets)\n",
            "description: >-\n" + String(repeating: " ", count: 200) + "deep\n\n" + String(repeating: " ", count: 200) + "\(brackets)\nname: x\n",
            "views: &list [[1, 2]]\nname: b \(brackets)\n",
            "views:\n  - |\n    \(brackets)\n  - b\n",
        ]
        for text in texts {
            XCTAssertNil(YAMLNestingScan.firstLineDeeper(than: 64, in: text), text)
            XCTAssertNoThrow(try YAMLLoader.load(text), text)
        }
    }

    func testRealNestingIsStillCounted() {
        let deepFlow = "a: " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n"
        XCTAssertEqual(YAMLNestingScan.firstLineDeeper(than: 64, in: deepFlow), 1)
        for prefix in ["a: &x ", "a: !!seq ", "- ", "? ", "a: b\nc: "] {
            XCTAssertNotNil(YAMLNestingScan.firstLineDeeper(than: 64, in: prefix + String(repeating: "[", count: 70)), prefix)
        }
        // After a block scalar ends (a line back at its parent's indentation), structure counts again.
        let after = "text: |\n  words\nlist: " + String(repeating: "[", count: 70) + "\n"
        XCTAssertEqual(YAMLNestingScan.firstLineDeeper(than: 64, in: after), 3)
        // A `|` that is not a whole value begins no block scalar.
        let notHeader = "a: b |\n" + (0..<70).map { String(repeating: " ", count: $0) + "- x" }.joined(separator: "\n") + "\n"
        XCTAssertNotNil(YAMLNestingScan.firstLineDeeper(than: 64, in: notHeader))
        let deepBlock = (0..<70).map { String(repeating: " ", count: $0) + "- x:" }.joined(separator: "\n") + "\n"
        XCTAssertNotNil(YAMLNestingScan.firstLineDeeper(than: 64, in: deepBlock))
    }
}
