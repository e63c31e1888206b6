import XCTest
@testable import Spruce

/// Irregular layouts and the FIX cases, with hand-computed expectations.
final class SortLayoutTests: XCTestCase {
    func layout(_ size: CGSize, _ frames: [CGRect]) -> View {
        let root = View(frame: CGRect(origin: .zero, size: size))
        for (tag, frame) in frames.enumerated() {
            let view = View(frame: frame); view.tag = tag; root.addSubview(view)
        }
        return root
    }

    /// Different sizes, an overlap sharing a center, gaps: radial from the middle snaps to the first
    /// of the two views at (200, 200); distances 150, 0, 0, √(150²+140²) ≈ 205.2, √(180²+110²) ≈ 210.9.
    func testRadialOnIrregularLayout() {
        let root = layout(CGSize(width: 400, height: 400), [
            CGRect(x: 0, y: 0, width: 400, height: 100), CGRect(x: 150, y: 150, width: 100, height: 100),
            CGRect(x: 180, y: 180, width: 40, height: 40), CGRect(x: 300, y: 290, width: 100, height: 100),
            CGRect(x: 10, y: 300, width: 20, height: 20)])
        assertOffsets(RadialSortFunction(position: .middle, interObjectDelay: 0.1).timeOffsets(view: root),
                      [0.1, 0, 0, 0.2, 0.3])
        var reversed = RadialSortFunction(position: .middle, interObjectDelay: 0.1)
        reversed.reversed = true
        assertOffsets(reversed.timeOffsets(view: root), [0.2, 0.3, 0.3, 0.1, 0])
        // Cornered measures Manhattan distance from the corner itself: 250, 400, 400, 690, 330.
        assertOffsets(CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.1).timeOffsets(view: root),
                      [0, 0.2, 0.2, 0.3, 0.1])
    }

    /// Distances 100.2 and 100.9 floor to the same point and start together; 101.1 does not.
    func testFloorGrouping() {
        let root = layout(CGSize(width: 400, height: 100), [100.2, 100.9, 101.1, 250].map {
            CGRect(x: $0 - 5, y: 45, width: 10, height: 10)
        })
        assertOffsets(LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.1).timeOffsets(view: root),
                      [0, 0, 0.1, 0.2])
        // Inline compares exactly: every view its own step, even within a point.
        assertOffsets(InlineSortFunction(corner: .topLeft, interObjectDelay: 0.1).timeOffsets(view: root),
                      [0, 0.1, 0.2, 0.3])
    }

    /// Linear ignores the other axis entirely, and measures from the raw edge (no snapping).
    func testLinearOneAxis() {
        let root = layout(CGSize(width: 300, height: 300), [
            CGRect(x: 0, y: 200, width: 10, height: 10), CGRect(x: 280, y: 200, width: 10, height: 10),
            CGRect(x: 100, y: 50, width: 20, height: 20)])
        assertOffsets(LinearSortFunction(direction: .topToBottom, interObjectDelay: 1).timeOffsets(view: root), [1, 1, 0])
    }

    // MARK: FIX cases

    func testContinuousSingleSubviewGetsOffsetZero() {
        let root = layout(CGSize(width: 100, height: 100), [CGRect(x: 10, y: 10, width: 30, height: 30)])
        var sort = ContinuousSortFunction(position: .bottomRight, duration: 1)
        assertOffsets(sort.timeOffsets(view: root), [0])
        sort.reversed = true
        assertOffsets(sort.timeOffsets(view: root), [0])
        assertOffsets(ContinuousWeightedSortFunction(position: .topLeft, duration: 1).timeOffsets(view: root), [0])
    }

    func testContinuousWeightedSingleRowAndColumn() {
        let row = layout(CGSize(width: 500, height: 100), (0..<5).map { CGRect(x: CGFloat($0) * 100, y: 0, width: 100, height: 100) })
        var sort = ContinuousWeightedSortFunction(position: .left, duration: 1)
        assertOffsets(sort.timeOffsets(view: row), [0, 0.25, 0.5, 0.75, 1])
        sort.reversed = true
        assertOffsets(sort.timeOffsets(view: row), [1, 0.75, 0.5, 0.25, 0])
        let column = layout(CGSize(width: 100, height: 500), (0..<5).map { CGRect(x: 0, y: CGFloat($0) * 100, width: 100, height: 100) })
        assertOffsets(ContinuousWeightedSortFunction(position: .bottomMiddle, duration: 2, verticalWeight: .heavy)
            .timeOffsets(view: column), [2, 1.5, 1, 0.5, 0])
        // Continuous itself never had the problem with a row, only with maxD = 0.
        assertOffsets(ContinuousSortFunction(position: .left, duration: 1).timeOffsets(view: row), [0, 0.25, 0.5, 0.75, 1])
    }

    /// A negative custom weight counts as 0 (the original's clamp): only rows matter.
    func testNegativeCustomWeightIsClamped() {
        XCTAssertEqual(Weight.custom(-3).coefficient, 0)
        XCTAssertEqual(Weight.custom(.nan).coefficient, 0)
        XCTAssertEqual(Weight.custom(1.9).coefficient, 1.9)
        let sort = ContinuousWeightedSortFunction(position: .topLeft, duration: 1, horizontalWeight: .custom(-1))
        assertOffsets(sort.timeOffsets(view: makeGrid()), (0..<25).map { Double($0 / 5) / 4 })
    }
}
