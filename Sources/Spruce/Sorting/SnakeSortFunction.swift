import Foundation

/// Spruce Android's snake: rows away from the corner (rows = distinct vertical distances from it),
/// alternately along and against the corner's side, like a snake crossing the screen; every view
/// gets its own step.
public struct SnakeSortFunction: CornerSortFunction {
    /// The corner the snake starts from.
    public var corner: Corner
    /// Seconds between one step of the sort and the next.
    public var interObjectDelay: TimeInterval
    /// When true, the order is reversed: the views that would start last start first.
    public var reversed: Bool

    /// A snake from `corner`, `interObjectDelay` seconds apart; `reversed` runs it from the other end.
    ///
    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(corner: Corner, interObjectDelay: TimeInterval, reversed: Bool = false) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.corner = corner
        self.interObjectDelay = interObjectDelay
        self.reversed = reversed
    }

    /// The checked twin of ``init(corner:interObjectDelay:reversed:)``: throws ``SpruceError`` for an out-of-range
    /// value instead of stopping the program.
    public static func validated(corner: Corner, interObjectDelay: TimeInterval,
                                 reversed: Bool = false) throws -> SnakeSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return SnakeSortFunction(corner: corner, interObjectDelay: interObjectDelay, reversed: reversed)
    }

    /// Throws ``SpruceError/invalidInterObjectDelay(_:)`` when ``interObjectDelay`` is not finite and ≥ 0.
    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    /// One step per view: rows in order of vertical distance from ``corner``, each row crossed alternately away from
    /// and back towards the corner's side.
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
