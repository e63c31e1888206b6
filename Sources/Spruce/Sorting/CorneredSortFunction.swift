import Foundation

/// A diagonal wave from a corner: Manhattan distance from the corner point itself (no snapping).
public struct CorneredSortFunction: CornerSortFunction {
    public var corner: Corner
    public var interObjectDelay: TimeInterval
    public var reversed = false

    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(corner: Corner, interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.corner = corner
        self.interObjectDelay = interObjectDelay
    }

    public static func validated(corner: Corner, interObjectDelay: TimeInterval) throws -> CorneredSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return CorneredSortFunction(corner: corner, interObjectDelay: interObjectDelay)
    }

    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    public func distanceBetween(_ left: CGPoint, and right: CGPoint) -> Double {
        abs(Double(left.x - right.x)) + abs(Double(left.y - right.y))
    }

    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        return flooredOffsets(subviews, from: distancePoint(view: view))
    }
}
