import XCTest
@testable import Spruce

/// Bad numbers give a `SpruceError` with a one-line message on the checked paths, never a trap.
final class SortBadInputTests: XCTestCase {
    let bad: [Double] = [-1, -.ulpOfOne, .nan, .infinity, -.infinity]

    func testDelaysAreValidated() {
        for value in bad {
            let expected = SpruceError.invalidInterObjectDelay(value)
            assertThrows(expected, try DefaultSortFunction.validated(interObjectDelay: value))
            assertThrows(expected, try LinearSortFunction.validated(direction: .leftToRight, interObjectDelay: value))
            assertThrows(expected, try CorneredSortFunction.validated(corner: .topLeft, interObjectDelay: value))
            assertThrows(expected, try RadialSortFunction.validated(position: .middle, interObjectDelay: value))
            assertThrows(expected, try InlineSortFunction.validated(corner: .topLeft, interObjectDelay: value))
            assertThrows(expected, try RandomSortFunction.validated(interObjectDelay: value, seed: 1))
            assertThrows(expected, try SnakeSortFunction.validated(corner: .topLeft, interObjectDelay: value))
            assertThrows(.invalidDuration(value), try ContinuousSortFunction.validated(position: .middle, duration: value))
            assertThrows(.invalidDuration(value), try ContinuousWeightedSortFunction.validated(position: .middle, duration: value))
            assertThrows(.invalidStaggerEach(value), try StaggerSortFunction.validated(timing: .each(value)))
            assertThrows(.invalidStaggerAmount(value), try StaggerSortFunction.validated(timing: .amount(value)))
        }
        XCTAssertNoThrow(try DefaultSortFunction.validated(interObjectDelay: 0))
        XCTAssertEqual(try RadialSortFunction.validated(position: .left, interObjectDelay: 0.2).interObjectDelay, 0.2)
    }

    func testWeightsAreValidated() {
        for value in [Double.nan, .infinity, -.infinity] {
            assertThrows(.invalidWeight(value),
                         try ContinuousWeightedSortFunction.validated(position: .middle, duration: 1, horizontalWeight: .custom(value)))
            assertThrows(.invalidWeight(value),
                         try ContinuousWeightedSortFunction.validated(position: .middle, duration: 1, verticalWeight: .custom(value)))
        }
        XCTAssertNoThrow(try ContinuousWeightedSortFunction.validated(position: .middle, duration: 1, horizontalWeight: .custom(-2)))
    }

    /// Properties are mutable, as in the original; the checked path re-validates before sorting.
    func testMutatedParametersAreCaughtByCheckedTimeOffsets() throws {
        let grid = makeGrid()
        var linear = LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.1)
        XCTAssertEqual(try linear.checkedTimeOffsets(view: grid).count, 25)
        linear.interObjectDelay = -0.5
        assertThrows(.invalidInterObjectDelay(-0.5), try linear.checkedTimeOffsets(view: grid))
        var continuous = ContinuousSortFunction(position: .middle, duration: 1)
        continuous.duration = .nan
        assertThrows(.invalidDuration(.nan), try continuous.checkedTimeOffsets(view: grid, recursiveDepth: 0))
        assertThrows(.invalidDuration(.nan), try continuous.eased(by: .easeIn).checkedTimeOffsets(view: grid))
    }

    func testStaggerChecks() {
        let grid = makeGrid()
        assertThrows(.invalidStaggerGrid(rows: 0, columns: 5), try StaggerSortFunction.validated(timing: .each(1), grid: .init(rows: 0, columns: 5)))
        assertThrows(.invalidStaggerOrigin(CGPoint(x: CGFloat.nan, y: 0)),
                     try StaggerSortFunction.validated(timing: .each(1), from: .point(CGPoint(x: CGFloat.nan, y: 0))))
        assertThrows(.staggerIndexOutOfRange(index: -1, views: 0), try StaggerSortFunction.validated(timing: .each(1), from: .index(-1)))
        // Lenient path clamps the index and wraps a too-small grid; the checked path reports them.
        let far = StaggerSortFunction(each: 0.1, from: .index(99))
        assertOffsets(far.timeOffsets(view: grid), offsetsByTag(StaggerSortFunction(each: 0.1, from: .end).timeOffsets(view: grid), count: 25))
        assertThrows(.staggerIndexOutOfRange(index: 99, views: 25), try far.checkedTimeOffsets(view: grid))
        let small = StaggerSortFunction(each: 0.1, grid: .init(rows: 2, columns: 5))
        XCTAssertEqual(small.timeOffsets(view: grid).count, 25)
        assertThrows(.staggerGridTooSmall(rows: 2, columns: 5, views: 25), try small.checkedTimeOffsets(view: grid))
    }

    /// A user's sort function or easing that produces NaN or negative offsets is reported, by view.
    func testBadOffsetsFromCustomCodeAreReported() {
        struct Broken: SortFunction {
            func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
                view.subviews.enumerated().map { TimedView(spruceView: $1, timeOffset: $0 == 3 ? -1 : 0.1) }
            }
        }
        let grid = makeGrid()
        assertThrows(.invalidTimeOffset(-1, viewIndex: 3), try Broken().checkedTimeOffsets(view: grid))
        let nanEasing = RadialSortFunction(position: .middle, interObjectDelay: 0.1).eased(by: SortEasing { _ in .nan })
        XCTAssertThrowsError(try nanEasing.checkedTimeOffsets(view: grid)) {
            guard case .invalidTimeOffset(let value, _)? = $0 as? SpruceError else { return XCTFail("\($0)") }
            XCTAssertTrue(value.isNaN)
        }
        XCTAssertEqual(nanEasing.timeOffsets(view: grid).count, 25)   // lenient path: no trap
    }

    func testNaNGeometryDoesNotTrap() {
        let root = makeGrid()
        root.subviews[4].center = CGPoint(x: CGFloat.nan, y: 10)
        let sorts: [SortFunction] = [
            LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.1), CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.1),
            RadialSortFunction(position: .middle, interObjectDelay: 0.1), InlineSortFunction(corner: .topLeft, interObjectDelay: 0.1),
            ContinuousSortFunction(position: .middle, duration: 1), ContinuousWeightedSortFunction(position: .middle, duration: 1),
            SnakeSortFunction(corner: .topLeft, interObjectDelay: 0.1), StaggerSortFunction(each: 0.1, from: .center),
        ]
        for sort in sorts { XCTAssertEqual(sort.timeOffsets(view: root).count, 25, "\(type(of: sort))") }
    }

    func testMessagesAreOneLineAndNameTheParameter() {
        let cases: [(SpruceError, String)] = [
            (.invalidInterObjectDelay(-1), "interObjectDelay"), (.invalidDuration(.nan), "duration"),
            (.invalidWeight(.infinity), "Weight"), (.negativeRecursiveDepth(-2), "recursiveDepth"),
            (.invalidStaggerEach(-1), "each"), (.invalidStaggerAmount(-1), "amount"),
            (.invalidStaggerGrid(rows: 0, columns: 1), "grid"), (.staggerGridTooSmall(rows: 1, columns: 1, views: 3), "grid"),
            (.staggerIndexOutOfRange(index: 9, views: 3), "index"), (.invalidStaggerOrigin(.zero), "origin"),
            (.invalidTimeOffset(-1, viewIndex: 0), "offset"),
        ]
        for (error, word) in cases {
            XCTAssertFalse(error.description.contains("\n"))
            XCTAssertTrue(error.description.contains(word), error.description)
        }
    }

    private func assertThrows<T>(_ expected: SpruceError, _ body: @autoclosure () throws -> T,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual((error as? SpruceError)?.description, expected.description, file: file, line: line)
        }
    }
}
