import Foundation

/// Reading order from a corner: row by row (vertical distance), then along the row (horizontal
/// distance), compared exactly; every view gets its own step.
public struct InlineSortFunction: CornerSortFunction {
    public var interObjectDelay: TimeInterval
    public var reversed = false
    public var corner: Corner

    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(corner: Corner, interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.corner = corner
        self.interObjectDelay = interObjectDelay
    }

    public static func validated(corner: Corner, interObjectDelay: TimeInterval) throws -> InlineSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return InlineSortFunction(corner: corner, interObjectDelay: interObjectDelay)
    }

    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

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
