import XCTest
@testable import Spruce

/// Beyond Spruce iOS: Android's snake and interpolators, GSAP/anime.js staggers, seeded random.
final class SortExtensionTests: XCTestCase {
    let grid = makeGrid()

    // MARK: Snake

    func testSnakeFromEachCorner() {
        func expected(_ corner: Corner) -> [Double] {
            (0..<25).map { tag in
                var (row, column) = (tag / 5, tag % 5)
                if corner == .bottomLeft || corner == .bottomRight { row = 4 - row }
                if corner == .topRight || corner == .bottomRight { column = 4 - column }
                return Double(row * 5 + (row % 2 == 0 ? column : 4 - column))
            }
        }
        for corner in Corner.allCases {
            let forward = SnakeSortFunction(corner: corner, interObjectDelay: 1)
            assertOffsets(forward.timeOffsets(view: grid), expected(corner), "\(corner)")
            let backward = SnakeSortFunction(corner: corner, interObjectDelay: 1, reversed: true)
            assertOffsets(backward.timeOffsets(view: grid), expected(corner).map { 24 - $0 }, "\(corner) reversed")
        }
        XCTAssertEqual(startOrder(SnakeSortFunction(corner: .topLeft, interObjectDelay: 0.1).timeOffsets(view: grid)),
                       [0, 1, 2, 3, 4, 9, 8, 7, 6, 5, 10, 11, 12, 13, 14, 19, 18, 17, 16, 15, 20, 21, 22, 23, 24])
    }

    // MARK: Easing

    func testEasedRadialFollowsAndroidFormula() {
        let base = RadialSortFunction(position: .middle, interObjectDelay: 0.1)
        let square = SortEasing { $0 * $0 }
        let plain = offsetsByTag(base.timeOffsets(view: grid), count: 25)
        let eased = offsetsByTag(base.eased(by: square).timeOffsets(view: grid), count: 25)
        let maxOffset = plain.max()!
        XCTAssertEqual(maxOffset, 0.5, accuracy: 1e-9)
        for tag in 0..<25 {
            XCTAssertEqual(eased[tag], maxOffset * pow(plain[tag] / maxOffset, 2), accuracy: 1e-12)
        }
        XCTAssertEqual(eased[7], 0.02, accuracy: 1e-9)   // 0.5 · (0.1/0.5)²
        XCTAssertEqual(offsetsByTag(base.eased(by: .linear).timeOffsets(view: grid), count: 25), plain)
    }

    func testCubicBezierPresets() {
        XCTAssertEqual(SortEasing.easeIn(0), 0)
        XCTAssertEqual(SortEasing.easeIn(1), 1)
        XCTAssertLessThan(SortEasing.easeIn(0.5), 0.5)
        XCTAssertGreaterThan(SortEasing.easeOut(0.5), 0.5)
        XCTAssertEqual(SortEasing.easeInOut(0.5), 0.5, accuracy: 1e-9)   // symmetric curve
        // CSS "ease" at x = 0.5 is ≈ 0.8024 (reference value of the WebKit UnitBezier solver).
        XCTAssertEqual(SortEasing.ease(0.5), 0.8024033877399112, accuracy: 1e-6)
        let linearBezier = SortEasing.cubicBezier(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) { XCTAssertEqual(linearBezier(x), x, accuracy: 1e-9) }
    }

    // MARK: Stagger

    func testStaggerFromCenterEach() {
        let timed = StaggerSortFunction(each: 0.1, from: .center).timeOffsets(view: grid)
        let expected = (0..<25).map { tag -> Double in
            let dx = Double(tag % 5 - 2), dy = Double(tag / 5 - 2)
            return 0.1 * (dx * dx + dy * dy).squareRoot()
        }
        assertOffsets(timed, expected)
        XCTAssertEqual(offsetsByTag(timed, count: 25)[0], 0.1 * Double(8).squareRoot(), accuracy: 1e-12)
    }

    func testStaggerFromEdges() {
        let timed = StaggerSortFunction(each: 0.1, from: .edges).timeOffsets(view: grid)
        let expected = (0..<25).map { tag -> Double in
            let dx = Double(tag % 5 - 2), dy = Double(tag / 5 - 2)
            return 0.1 * (Double(8).squareRoot() - (dx * dx + dy * dy).squareRoot())
        }
        assertOffsets(timed, expected)
        XCTAssertEqual(startOrder(timed).first, 0)
        XCTAssertEqual(startOrder(timed).last, 12)
    }

    func testStaggerFromIndexWithAmount() {
        let timed = StaggerSortFunction(amount: 1, from: .index(7)).timeOffsets(view: grid)
        let expected = (0..<25).map { tag -> Double in
            let dx = Double(tag % 5 - 2), dy = Double(tag / 5 - 1)
            return (dx * dx + dy * dy).squareRoot() / Double(13).squareRoot()
        }
        assertOffsets(timed, expected)
    }

    func testStaggerFromPoint() {
        // The middle of the view is the center cell.
        assertOffsets(StaggerSortFunction(each: 0.1, from: .point(CGPoint(x: 250, y: 250))).timeOffsets(view: grid),
                      offsetsByTag(StaggerSortFunction(each: 0.1, from: .center).timeOffsets(view: grid), count: 25))
        // The top-left corner lies half a cell outside cell (0, 0): distances start at √0.5.
        let timed = StaggerSortFunction(each: 0.1, from: .point(.zero)).timeOffsets(view: grid)
        let expected = (0..<25).map { tag -> Double in
            let dx = Double(tag % 5) + 0.5, dy = Double(tag / 5) + 0.5
            return 0.1 * ((dx * dx + dy * dy).squareRoot() - Double(0.5).squareRoot())
        }
        assertOffsets(timed, expected)
    }

    func testStaggerAxisStartEndAndReversed() {
        assertOffsets(StaggerSortFunction(each: 0.1, axis: .x).timeOffsets(view: grid),
                      (0..<25).map { 0.1 * Double($0 % 5) })
        assertOffsets(StaggerSortFunction(each: 0.1, from: .end, axis: .y).timeOffsets(view: grid),
                      (0..<25).map { 0.1 * Double(4 - $0 / 5) })
        assertOffsets(StaggerSortFunction(amount: 2, axis: .y, reversed: true).timeOffsets(view: grid),
                      (0..<25).map { 2 - 0.5 * Double($0 / 5) })
    }

    func testStaggerFixedGridAsList() {
        let list = StaggerSortFunction.Grid(rows: 1, columns: 25)
        assertOffsets(StaggerSortFunction(each: 0.1, grid: list).timeOffsets(view: grid), (0..<25).map { 0.1 * Double($0) })
        assertOffsets(StaggerSortFunction(each: 0.1, from: .center, grid: list).timeOffsets(view: grid),
                      (0..<25).map { 0.1 * abs(Double($0) - 12) })
        // The fixed 5×5 grid is the inferred one.
        let fixed = StaggerSortFunction(each: 0.1, from: .index(3), grid: .init(rows: 5, columns: 5))
        let inferred = StaggerSortFunction(each: 0.1, from: .index(3))
        assertOffsets(fixed.timeOffsets(view: grid), offsetsByTag(inferred.timeOffsets(view: grid), count: 25))
    }

    func testStaggerEasing() {
        let list = StaggerSortFunction.Grid(rows: 1, columns: 25)
        let timed = offsetsByTag(StaggerSortFunction(amount: 1, grid: list, easing: .easeIn).timeOffsets(view: grid), count: 25)
        XCTAssertEqual(timed[0], 0)
        XCTAssertEqual(timed[24], 1, accuracy: 1e-12)
        XCTAssertEqual(timed[12], SortEasing.easeIn(0.5), accuracy: 1e-12)
        XCTAssertEqual(timed, timed.sorted())
    }

    func testStaggerInfersIrregularGrid() {
        // Centers within half a point share a column; different sizes, gaps and overlaps.
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let frames = [CGRect(x: 0, y: 0, width: 20, height: 20),        // (10, 10)     col 0 row 0
                      CGRect(x: 0.3, y: 90, width: 20, height: 40),     // (10.3, 110)  col 0 row 1
                      CGRect(x: 40, y: 0, width: 100, height: 20),      // (90, 10)     col 1 row 0
                      CGRect(x: 60, y: 80, width: 60, height: 60),      // (90, 110)    col 1 row 1
                      CGRect(x: 300, y: 200, width: 80, height: 80)]    // (340, 240)   col 2 row 2
        for (tag, frame) in frames.enumerated() {
            let view = View(frame: frame); view.tag = tag; root.addSubview(view)
        }
        let cells = StaggerCells(points: root.subviews.map(\.center))
        XCTAssertEqual(cells.column, [0, 0, 1, 1, 2])
        XCTAssertEqual(cells.row, [0, 1, 0, 1, 2])
        assertOffsets(StaggerSortFunction(each: 1, axis: .x).timeOffsets(view: root), [0, 0, 1, 1, 2])
        assertOffsets(StaggerSortFunction(each: 1, from: .end).timeOffsets(view: root),
                      [Double(8).squareRoot(), Double(5).squareRoot(), Double(5).squareRoot(), Double(2).squareRoot(), 0])
    }

    // MARK: Random

    /// The published SplitMix64 sequence for seed 0, so the generator is the documented one.
    func testSplitMix64ReferenceSequence() {
        var generator = SplitMix64(seed: 0)
        XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(generator.next(), 0x06C4_5D18_8009_454F)
    }

    func testSeededRandomIsFixed() {
        let sort = RandomSortFunction(interObjectDelay: 0.1, seed: 2017)
        let order = sort.timeOffsets(view: grid).map(\.spruceView.tag)
        XCTAssertEqual(order, Self.seed2017Order)
        XCTAssertEqual(sort.timeOffsets(view: grid).map(\.spruceView.tag), order)
        XCTAssertNotEqual(RandomSortFunction(interObjectDelay: 0.1, seed: 2018).timeOffsets(view: grid).map(\.spruceView.tag), order)
        let unseeded = RandomSortFunction(interObjectDelay: 0.1)
        XCTAssertEqual(RandomSortFunction(interObjectDelay: 0.1, seed: unseeded.seed).timeOffsets(view: grid).map(\.spruceView.tag),
                       unseeded.timeOffsets(view: grid).map(\.spruceView.tag))
    }

    /// Cross-checked with an independent implementation (SplitMix64 + Lemire bounded draws + Fisher–Yates from the back).
    static let seed2017Order = [16, 6, 23, 3, 11, 2, 8, 5, 21, 4, 24, 10, 18, 1, 22, 7, 0, 12, 20, 14, 15, 9, 17, 13, 19]
}
