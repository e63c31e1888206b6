import Foundation

/// Rings around a position: Euclidean distance from the subview nearest to that position.
public struct RadialSortFunction: PositionSortFunction {
    public var position: Position
    public var interObjectDelay: TimeInterval
    public var reversed = false

    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(position: Position, interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.position = position
        self.interObjectDelay = interObjectDelay
    }

    public static func validated(position: Position, interObjectDelay: TimeInterval) throws -> RadialSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return RadialSortFunction(position: position, interObjectDelay: interObjectDelay)
    }

    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }
}
