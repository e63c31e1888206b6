import Foundation

/// Reading order from a corner: row by row (vertical distance), then along the row (horizontal
/// distance), compared exactly; every view gets its own step.
public struct InlineSortFunction: CornerSortFunction {
    /// Seconds between one step of the sort and the next.
    public var interObjectDelay: TimeInterval
    /// When true, the order is reversed: the views that would start last start first.
    public var reversed = false
    /// The corner reading starts from: its row first, and along each row away from the corner.
    public var corner: Corner

    /// Reading order from `corner`, `interObjectDelay` seconds apart.
    ///
    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(corner: Corner, interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.corner = corner
        self.interObjectDelay = interObjectDelay
    }

    /// The checked twin of ``init(corner:interObjectDelay:)``: throws ``SpruceError`` for an out-of-range value instead
    /// of stopping the program.
    public static func validated(corner: Corner, interObjectDelay: TimeInterval) throws -> InlineSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return InlineSortFunction(corner: corner, interObjectDelay: interObjectDelay)
    }

    /// Throws ``SpruceError/invalidInterObjectDelay(_:)`` when ``interObjectDelay`` is not finite and ≥ 0.
    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    /// One step per view in reading order from ``corner`` (rows by vertical distance, then horizontal distance, ties in
    /// subview order).
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let (subviews, dy, dx) = axisDistances(view: view, recursiveDepth: recursiveDepth)
        var order = Array(subviews.indices).sorted { i, j in
            if dy[i] != dy[j] { return dy[i] < dy[j] }
            if dx[i] != dx[j] { return dx[i] < dx[j] }
            return i < j
        }
        if reversed { order.reverse() }
        return steppedOffsets(order.map { subviews[$0].view }, interObjectDelay: interObjectDelay)
    }
}
