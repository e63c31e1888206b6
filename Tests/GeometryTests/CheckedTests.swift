import Geometry
import XCTest

/// The one checked Double → Int conversion: every value a user can type ends as an Int or a nil, never a trap.
final class CheckedTests: XCTestCase {
    func testConversionsInRange() {
        XCTAssertEqual(Checked.int(2.5), 3)
        XCTAssertEqual(Checked.int(2.5, rounding: .down), 2)
        XCTAssertEqual(Checked.int(-2.5, rounding: .up), -2)
        XCTAssertEqual(Checked.int(1000, in: 1...1000), 1000)
        XCTAssertEqual(Checked.wholeNumber(7), 7)
    }

    func testEveryValueOutsideIsNil() {
        for v in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, Double(Int.max), -9.3e18] {
            XCTAssertNil(Checked.int(v), "\(v)")
            XCTAssertNil(Checked.wholeNumber(v), "\(v)")
        }
        XCTAssertNil(Checked.int(1000.6, in: 1...1000))
        XCTAssertNil(Checked.int(0.4, in: 1...1000))
        XCTAssertNil(Checked.wholeNumber(1.5))
        XCTAssertEqual(Checked.int(-9.2e18), -9_200_000_000_000_000_000)
    }

    func testTextNeverTraps() {
        XCTAssertEqual(Checked.text(16384), "16384")
        XCTAssertEqual(Checked.text(-3), "-3")
        XCTAssertEqual(Checked.text(0.5), "0.5")
        XCTAssertEqual(Checked.text(1e300), "1e+300")
        XCTAssertEqual(Checked.text(1e18), "1e+18")
        XCTAssertEqual(Checked.text(.infinity), "inf")
        XCTAssertEqual(Checked.text(.nan), "nan")
        // A value just past a limit reads as past it, never as the limit.
        XCTAssertEqual(Checked.text(3600.0001), "3600.0001")
        XCTAssertEqual(Checked.text(1000.0001), "1000.0001")
        XCTAssertEqual(Checked.text(1_000_000.1), "1000000.1")
        XCTAssertEqual(Checked.text(2.16000001), "2.16000001")
    }

    /// Flags and scene strings are decimal: Swift's Double(String) also reads hexadecimal floats.
    func testDecimalNumbersOnly() {
        XCTAssertEqual(Double("0x10"), 16, "why the check exists")
        for (text, value) in [("1.5", 1.5), ("-2e-3", -0.002), ("+7", 7), ("0", 0), ("010", 10), (".5", 0.5)] {
            XCTAssertEqual(Checked.decimal(text), value, text)
        }
        XCTAssertEqual(Checked.decimal("inf"), .infinity)
        XCTAssertTrue(Checked.decimal("nan")?.isNaN == true)
        for text in ["0x10", "0X10", "-0x1p-3", "+0x1", "--0x2", "", "1,5", "one", " 1"] {
            XCTAssertNil(Checked.decimal(text), text)
        }
    }
}
