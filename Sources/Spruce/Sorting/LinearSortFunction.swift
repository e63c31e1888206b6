import Foundation

/// A sweep across the view: the distance counts along one axis only, from the starting edge.
public struct LinearSortFunction: DirectionSortFunction {
    /// The direction of the sweep; it starts at the middle of the opposite edge.
    public var direction: Direction
    /// Seconds between one step of the sort and the next.
    public var interObjectDelay: TimeInterval
    /// When true, the order is reversed: the views that would start last start first.
    public var reversed = false

    /// A sweep in `direction`, `interObjectDelay` seconds per whole point of distance along it.
    ///
    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(direction: Direction, interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.direction = direction
        self.interObjectDelay = interObjectDelay
    }

    /// The checked twin of ``init(direction:interObjectDelay:)``: throws ``SpruceError`` for an out-of-range value
    /// instead of stopping the program.
    public static func validated(direction: Direction, interObjectDelay: TimeInterval) throws -> LinearSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return LinearSortFunction(direction: direction, interObjectDelay: interObjectDelay)
    }

    /// Throws ``SpruceError/invalidInterObjectDelay(_:)`` when ``interObjectDelay`` is not finite and ≥ 0.
    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    /// The distance along the sweep's axis only: vertical for up and down sweeps, horizontal otherwise.
    public func distanceBetween(_ left: CGPoint, and right: CGPoint) -> Double {
        direction.isVertical ? abs(Double(left.y - right.y)) : abs(Double(left.x - right.x))
    }
}
