import XCTest
@testable import Spruce

/// Spruce iOS's own sort-function suite, rebuilt: same grid, same parameters, the original's expected numbers.
final class SortConformanceTests: XCTestCase {
    let grid = makeGrid()

    func testGridHas25Subviews() {
        XCTAssertEqual(grid.subviews.count, 25)
    }

    func testDefault() {
        assertOffsets(DefaultSortFunction(interObjectDelay: 0.1).timeOffsets(view: grid),
                      (0..<25).map { Double($0) / 10 })
        assertOffsets(DefaultSortFunction().timeOffsets(view: grid), Array(repeating: 0, count: 25))
    }

    func testLinear() {
        XCTAssertEqual(OriginalExpectations.linear.count, 4)
        for (direction, expected, expectedReversed) in OriginalExpectations.linear {
            assertBothOrders(LinearSortFunction(direction: direction, interObjectDelay: 0.1), expected, expectedReversed,
                             "\(direction)")
        }
    }

    func testCornered() {
        XCTAssertEqual(OriginalExpectations.cornered.count, 4)
        for (corner, expected, expectedReversed) in OriginalExpectations.cornered {
            assertBothOrders(CorneredSortFunction(corner: corner, interObjectDelay: 0.1), expected, expectedReversed, "\(corner)")
        }
    }

    func testRadial() {
        XCTAssertEqual(OriginalExpectations.radial.count, 9)
        for (position, expected, expectedReversed) in OriginalExpectations.radial {
            assertBothOrders(RadialSortFunction(position: position, interObjectDelay: 0.1), expected, expectedReversed,
                             "\(position)")
        }
    }

    func testInline() {
        XCTAssertEqual(OriginalExpectations.inline.count, 4)
        for (corner, expected, expectedReversed) in OriginalExpectations.inline {
            assertBothOrders(InlineSortFunction(corner: corner, interObjectDelay: 0.1), expected, expectedReversed, "\(corner)")
        }
    }

    func testContinuous() {
        XCTAssertEqual(OriginalExpectations.continuous.count, 9)
        for (position, expected, expectedReversed) in OriginalExpectations.continuous {
            assertBothOrders(ContinuousSortFunction(position: position, duration: 0.1), expected, expectedReversed, "\(position)")
        }
    }

    func testContinuousWeighted() {
        XCTAssertEqual(OriginalExpectations.continuousWeighted.count, 72)
        for (position, horizontal, vertical, expected, expectedReversed) in OriginalExpectations.continuousWeighted {
            let sort = ContinuousWeightedSortFunction(position: position, duration: 1.0,
                                                      horizontalWeight: horizontal, verticalWeight: vertical)
            assertBothOrders(sort, expected, expectedReversed, "\(position) h=\(horizontal) v=\(vertical)")
        }
    }

    /// The original's cases check each sort as given and again with `reversed` set.
    private func assertBothOrders<S: DistanceSortFunction>(_ sort: S, _ expected: [Double], _ expectedReversed: [Double],
                                                           _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        var sort = sort
        assertOffsets(sort.timeOffsets(view: grid), expected, label, file: file, line: line)
        sort.reversed = true
        assertOffsets(sort.timeOffsets(view: grid), expectedReversed, label + " reversed", file: file, line: line)
    }

    func testRandomGivesEveryViewOnce() {
        let timed = RandomSortFunction(interObjectDelay: 0.1).timeOffsets(view: grid)
        XCTAssertEqual(Set(timed.map(\.spruceView.tag)), Set(0..<25))
        XCTAssertEqual(timed.map(\.timeOffset).sorted(), (0..<25).map { Double($0) / 10 }, accuracy: 1e-9)
    }

    func testEmptyViewGivesNothing() {
        let empty = View()
        let sorts: [SortFunction] = [
            DefaultSortFunction(), LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1),
            CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.1),
            RadialSortFunction(position: .topLeft, interObjectDelay: 0.1),
            RandomSortFunction(interObjectDelay: 0.1), InlineSortFunction(corner: .topLeft, interObjectDelay: 0.1),
            ContinuousSortFunction(position: .topLeft, duration: 0.1),
            ContinuousWeightedSortFunction(position: .topLeft, duration: 0.1),
            SnakeSortFunction(corner: .topLeft, interObjectDelay: 0.1),
            StaggerSortFunction(each: 0.1, from: .center),
            RadialSortFunction(position: .middle, interObjectDelay: 0.1).eased(by: .easeIn),
        ]
        for sort in sorts {
            for depth in [0, 1, Int.max] {
                XCTAssertTrue(sort.timeOffsets(view: empty, recursiveDepth: depth).isEmpty, "\(type(of: sort))")
            }
        }
    }
}

func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
