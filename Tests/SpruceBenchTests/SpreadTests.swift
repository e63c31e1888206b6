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

    /// The order-statistic interval of the median: the ranks of the usual tables (n = 10: 2nd and 9th; n = 31:
    /// 10th and 22nd; n = 6: the extremes, 96.9 %), none below six runs.
    func testTheMediansIntervalTakesTheTablesRanks() throws {
        let ten = try XCTUnwrap(Spread((1...10).map { Double($0) }.reversed()).medianInterval)
        XCTAssertEqual(ten.lower, 2)
        XCTAssertEqual(ten.upper, 9)
        let thirtyOne = try XCTUnwrap(Spread((1...31).map { Double($0) }).medianInterval)
        XCTAssertEqual(thirtyOne.lower, 10)
        XCTAssertEqual(thirtyOne.upper, 22)
        let six = try XCTUnwrap(Spread([6, 5, 4, 3, 2, 1]).medianInterval)
        XCTAssertEqual(six.lower, 1)
        XCTAssertEqual(six.upper, 6)
        XCTAssertNil(Spread([1, 2, 3, 4, 5]).medianInterval)
        XCTAssertNil(Spread([.nan, 1, 2, 3, 4, 5]).medianInterval, "runs without a figure do not count")
        XCTAssertEqual(Spread([1, 2, 3, 4, 5]).intervalText(2), "–")
        XCTAssertEqual(Spread((1...10).map { 1 + Double($0) / 100 }).intervalText(3), "1.020–1.090")
    }

    func testTheQuartilesArePrintedFromFourRunsOn() {
        XCTAssertEqual(Spread([1.0314, 1.0, 1.1]).text(3), "1.031×")
        XCTAssertEqual(Spread([0.9, 1.0, 1.1, 1.2, 1.3]).text(2), "1.10× (1.00–1.20)")
    }
}
