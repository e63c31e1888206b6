import XCTest
@testable import SpruceReview

/// `ABComparison.largestDifference`: every position, both signs, the ends of a vector.
final class ABComparisonDifferenceTests: XCTestCase {
    func testEveryPositionAndBothSignsCount() {
        for count in [0, 1, 31, 32, 33, 100] {
            for at in 0..<count {
                for (p, q) in [(UInt8(7), UInt8(250)), (250, 7), (0, 1), (1, 0)] {
                    var x = [UInt8](repeating: 9, count: count), y = x
                    (x[at], y[at]) = (p, q)
                    XCTAssertEqual(ABComparison.largestDifference(x, y), p > q ? p - q : q - p, "count \(count), at \(at)")
                }
            }
            XCTAssertEqual(ABComparison.largestDifference([UInt8](repeating: 3, count: count), [UInt8](repeating: 3, count: count)), 0)
        }
    }
}
