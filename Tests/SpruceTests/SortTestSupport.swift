import XCTest
@testable import Spruce

/// The conformance grid of Spruce iOS's suite: a 500×500 view with 25 subviews of 100×100,
/// tags 0–24 in row-major order.
func makeGrid(size: Int = 5, cell: CGFloat = 100) -> View {
    let root = View(frame: CGRect(x: 0, y: 0, width: CGFloat(size) * cell, height: CGFloat(size) * cell))
    for row in 0..<size {
        for column in 0..<size {
            let view = View(frame: CGRect(x: CGFloat(column) * cell, y: CGFloat(row) * cell, width: cell, height: cell))
            view.tag = row * size + column
            root.addSubview(view)
        }
    }
    return root
}

/// Offsets indexed by tag; fails if a tag is missing or repeated.
func offsetsByTag(_ timed: [TimedView], count: Int, file: StaticString = #filePath, line: UInt = #line) -> [Double] {
    var result = [Double](repeating: .nan, count: count)
    for item in timed {
        let tag = item.spruceView.tag
        guard (0..<count).contains(tag), result[tag].isNaN else {
            XCTFail("unexpected or repeated tag \(tag)", file: file, line: line)
            continue
        }
        result[tag] = item.timeOffset
    }
    return result
}

func assertOffsets(_ timed: [TimedView], _ expected: [Double], accuracy: Double = 1e-6, _ message: String = "",
                   file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(timed.count, expected.count, "count \(message)", file: file, line: line)
    let actual = offsetsByTag(timed, count: expected.count, file: file, line: line)
    for (tag, (a, e)) in zip(actual, expected).enumerated() where !(abs(a - e) <= accuracy) {
        XCTFail("tag \(tag): \(a) ≠ \(e) \(message)", file: file, line: line)
    }
}

/// Tags in the order the views start (stable for equal offsets).
func startOrder(_ timed: [TimedView]) -> [Int] {
    timed.enumerated().sorted { ($0.element.timeOffset, $0.offset) < ($1.element.timeOffset, $1.offset) }
        .map { $0.element.spruceView.tag }
}
