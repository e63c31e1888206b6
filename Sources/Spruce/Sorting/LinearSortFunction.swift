import Foundation

/// A sweep across the view: the distance counts along one axis only, from the starting edge.
public struct LinearSortFunction: DirectionSortFunction {
    public var direction: Direction
    public var interObjectDelay: TimeInterval
    public var reversed = false

    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(direction: Direction, interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.direction = direction
        self.interObjectDelay = interObjectDelay
    }

    public static func validated(direction: Direction, interObjectDelay: TimeInterval) throws -> LinearSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return LinearSortFunction(direction: direction, interObjectDelay: interObjectDelay)
    }

    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    public func distanceBetween(_ left: CGPoint, and right: CGPoint) -> Double {
        direction.isVertical ? abs(Double(left.y - right.y)) : abs(Double(left.x - right.x))
    }
}
