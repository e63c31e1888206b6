import XCTest
@testable import spruce_bench

/// The bench's figures of run-to-run spread: medians and quartiles as the tables print them.
final class SpreadTests: XCTestCase {
    func testMedianAndQuartilesInterpolateBetweenRanks() {
        let s = Spread([1.10, 0.90, 1.00, 1.30, 1.20])  // sorted: 0.9, 1.0, 1.1, 1.2, 1.3
        XCTAssertEqual(s.median, 1.10, accuracy: 1e-12)
        XCTAssertEqual(s.lowerQuartile, 1.00, accuracy: 1e-12)
        XCTAssertEqual(s.upperQuartile, 1.20, accuracy: 1e-12)
        let even = Spread([4, 1, 3, 2])  // ranks 0.75, 1.5, 2.25
        XCTAssertEqual(even.median, 2.5, accuracy: 1e-12)
        XCTAssertEqual(even.lowerQuartile, 1.75, accuracy: 1e-12)
        XCTAssertEqual(even.upperQuartile, 3.25, accuracy: 1e-12)
    }

    func testRunsThatGaveNoFigureAreLeftOut() {
        let s = Spread([.nan, 1.0, .infinity, 3.0])
        XCTAssertEqual(s.count, 2)
        XCTAssertEqual(s.median, 2.0, accuracy: 1e-12)
        XCTAssertTrue(Spread([]).median.isNaN)
    }

    func testTheQuartilesArePrintedFromFourRunsOn() {
        XCTAssertEqual(Spread([1.0314, 1.0, 1.1]).text(3), "1.031×")
        XCTAssertEqual(Spread([0.9, 1.0, 1.1, 1.2, 1.3]).text(2), "1.10× (1.00–1.20)")
    }
}
