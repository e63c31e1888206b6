import Foundation

/// A diagonal wave from a corner: Manhattan distance from the corner point itself (no snapping).
public struct CorneredSortFunction: CornerSortFunction {
    /// The corner the wave starts from.
    public var corner: Corner
    /// Seconds added for each further whole point of Manhattan distance from the corner.
    public var interObjectDelay: TimeInterval
    /// When true, the farthest views start first and the wave ends at the corner.
    public var reversed = false

    /// A diagonal wave from `corner`, `interObjectDelay` seconds per whole point of Manhattan distance.
    ///
    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(corner: Corner, interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.corner = corner
        self.interObjectDelay = interObjectDelay
    }

    /// The checked twin of ``init(corner:interObjectDelay:)``: throws ``SpruceError`` for a delay that is not finite
    /// and ≥ 0.
    public static func validated(corner: Corner, interObjectDelay: TimeInterval) throws -> CorneredSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return CorneredSortFunction(corner: corner, interObjectDelay: interObjectDelay)
    }

    /// Throws ``SpruceError`` when ``interObjectDelay`` is not finite and ≥ 0.
    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    /// The Manhattan distance |Δx| + |Δy|, which makes the wave's fronts diagonal lines.
    public func distanceBetween(_ left: CGPoint, and right: CGPoint) -> Double {
        abs(Double(left.x - right.x)) + abs(Double(left.y - right.y))
    }

    /// Offsets stepped by floored Manhattan distance from the corner point itself (not snapped to a subview), so the
    /// first view may start after 0.
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        return flooredOffsets(subviews, from: distancePoint(view: view))
    }
}
