@testable import SpruceVideo
import XCTest

/// Frames and parts are put in the order their numbers say, whatever the numbers' length, and the order never
/// depends on the order a folder lists its files in.
final class NaturalOrderTests: XCTestCase {
    func testNumbersCompareByValueAtAnyLength() {
        let sorted = ["f10.png", "f18446744073709551617.png", "f2.png", "f1.png", "f18446744073709551616.png", "f9.png"]
        let expected = ["f1.png", "f2.png", "f9.png", "f10.png", "f18446744073709551616.png", "f18446744073709551617.png"]
        XCTAssertEqual(sorted.sorted { NaturalOrder.ascending($0, $1) }, expected)
        XCTAssertEqual(sorted.reversed().sorted { NaturalOrder.ascending($0, $1) }, expected)
    }

    func testTheOrderIsTotal() {
        // Equal by value (leading zeros, letter case) still has one order: the plain text's.
        let names = ["F1.png", "f01.png", "f1.png", "f001.png", "a.png", "b", "f1", "f1a.png", ""]
        let once = names.sorted { NaturalOrder.ascending($0, $1, caseInsensitive: true) }
        for shuffled in [names.reversed(), names.shuffled(), names.shuffled()] {
            XCTAssertEqual(Array(shuffled).sorted { NaturalOrder.ascending($0, $1, caseInsensitive: true) }, once)
        }
        for a in names {
            XCTAssertFalse(NaturalOrder.ascending(a, a, caseInsensitive: true), a)
            for b in names where a != b {
                XCTAssertNotEqual(NaturalOrder.ascending(a, b, caseInsensitive: true), NaturalOrder.ascending(b, a, caseInsensitive: true), "\(a) \(b)")
            }
        }
        XCTAssertEqual(once.prefix(3), ["", "a.png", "b"])
    }
}
