import Foundation

/// Spruce Android's snake: rows away from the corner (rows = distinct vertical distances from it),
/// alternately along and against the corner's side, like a snake crossing the screen; every view
/// gets its own step.
public struct SnakeSortFunction: CornerSortFunction {
    public var corner: Corner
    public var interObjectDelay: TimeInterval
    public var reversed: Bool

    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(corner: Corner, interObjectDelay: TimeInterval, reversed: Bool = false) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.corner = corner
        self.interObjectDelay = interObjectDelay
        self.reversed = reversed
    }

    public static func validated(corner: Corner, interObjectDelay: TimeInterval,
                                 reversed: Bool = false) throws -> SnakeSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return SnakeSortFunction(corner: corner, interObjectDelay: interObjectDelay, reversed: reversed)
    }

    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let (subviews, dy, dx) = axisDistances(view: view, recursiveDepth: recursiveDepth)
        // Row = rank of the exact vertical distance among the distinct ones, as in Android.
        let byRow = sortedIndices(dy, descending: false)
        var row = [Int](repeating: 0, count: subviews.count)
        var rank = -1
        var previous: Double?
        for index in byRow {
            if dy[index] != previous { rank += 1; previous = dy[index] }
            row[index] = rank
        }
        var order = byRow.sorted { i, j in
            if row[i] != row[j] { return row[i] < row[j] }
            if dx[i] != dx[j] { return row[i] % 2 == 0 ? dx[i] < dx[j] : dx[i] > dx[j] }
            return i < j
        }
        if reversed { order.reverse() }
        return steppedOffsets(order.map { subviews[$0].view }, interObjectDelay: interObjectDelay)
    }
}
