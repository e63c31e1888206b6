import Foundation
@testable import SpruceFilm
import XCTest

/// The text goldens' numbers are printf's `%.Nf` to the byte, whichever way they are made: a golden recorded with
/// Foundation's formatter must read back unchanged.
final class FixedDecimalTests: XCTestCase {
    func assertSame(_ x: Double, _ digits: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(FixedDecimal.text(x, digits), String(format: "%.\(digits)f", x), "\(x) to \(digits) digits", file: file, line: line)
    }

    func testTiesAndSignsAreWrittenAsPrintfWritesThem() {
        // Halves that are exact in binary round to even; decimal "halves" round by their binary value.
        for x in [0.125, 0.375, 2.5, 3.5, 0.005, 0.015, 2.675, 1.005, 0.0005, 1234.5675, 0.045, 0.055] {
            for digits in 0...4 { assertSame(x, digits); assertSame(-x, digits) }
        }
        for x in [0.0, -0.0, -0.001, -0.0049, 0.9999999, 99.995, 1e7 + 0.125, 123456789.125, 1e300, .infinity, -.infinity, .nan,
                  .leastNonzeroMagnitude, -.leastNonzeroMagnitude] {
            for digits in 0...6 { assertSame(x, digits) }
        }
    }

    func testNumbersOfEveryMagnitudeAreWrittenAsPrintfWritesThem() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -6...9, using: &generator)
            let x = (Bool.random(using: &generator) ? 1 : -1) * pow(10, magnitude) * Double.random(in: 0...1, using: &generator)
            assertSame(x, Int.random(in: 0...6, using: &generator))
        }
        // Whole thousandths, hundredths and their halves: the times and positions the goldens write.
        for k in -3000...3000 {
            let x = Double(k) / 1000
            for digits in 0...3 { assertSame(x, digits) }
            assertSame(Double(k) * 0.05, 3)
            assertSame(Double(k) / 25, 3)
            assertSame(Double(k) / 200 + 0.0025, 2)
        }
    }
}
