import XCTest
@testable import Spruce

/// 100,000 views through every sort function: a correctness and no-quadratic smoke test
/// (an O(n²) step would take minutes here). No timing is asserted.
final class SortScaleTests: XCTestCase {
    func testHundredThousandViews() {
        let (columns, rows) = (400, 250)
        let root = makeGrid(columns: columns, rows: rows, cell: 4)
        XCTAssertEqual(root.subviews.count, 100_000)
        let sorts: [SortFunction] = [
            DefaultSortFunction(interObjectDelay: 0.001),
            LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.001),
            CorneredSortFunction(corner: .bottomRight, interObjectDelay: 0.001),
            RadialSortFunction(position: .middle, interObjectDelay: 0.001),
            RandomSortFunction(interObjectDelay: 0.001, seed: 7),
            InlineSortFunction(corner: .topLeft, interObjectDelay: 0.001),
            ContinuousSortFunction(position: .topRight, duration: 1),
            ContinuousWeightedSortFunction(position: .left, duration: 1, horizontalWeight: .heavy),
            SnakeSortFunction(corner: .topLeft, interObjectDelay: 0.001),
            StaggerSortFunction(each: 0.01, from: .center),
            StaggerSortFunction(amount: 1, from: .point(CGPoint(x: 30, y: 700)), grid: .init(rows: rows, columns: columns)),
            RadialSortFunction(position: .middle, interObjectDelay: 0.001).eased(by: .easeInOut),
        ]
        for sort in sorts {
            let timed = sort.timeOffsets(view: root)
            XCTAssertEqual(timed.count, 100_000, "\(type(of: sort))")
            XCTAssertEqual(Set(timed.map { ObjectIdentifier($0.spruceView) }).count, 100_000, "\(type(of: sort))")
            XCTAssertEqual(timed.map(\.timeOffset).min(), 0, "\(type(of: sort))")
        }
        // Spot checks: the reading-order sorts end on the last view.
        XCTAssertEqual(InlineSortFunction(corner: .topLeft, interObjectDelay: 1).timeOffsets(view: root).last?.spruceView.tag, 99_999)
        XCTAssertEqual(offsetsByTag(SnakeSortFunction(corner: .topLeft, interObjectDelay: 1).timeOffsets(view: root), count: 100_000)[columns], 2 * Double(columns) - 1)
    }

    func makeGrid(columns: Int, rows: Int, cell: CGFloat) -> View {
        let root = View(frame: CGRect(x: 0, y: 0, width: CGFloat(columns) * cell, height: CGFloat(rows) * cell))
        for index in 0..<(columns * rows) {
            let view = View(frame: CGRect(x: CGFloat(index % columns) * cell, y: CGFloat(index / columns) * cell, width: cell, height: cell))
            view.tag = index
            root.addSubview(view)
        }
        return root
    }
}
