import Foundation

/// Rings around a position: Euclidean distance from the subview nearest to that position.
public struct RadialSortFunction: PositionSortFunction {
    /// The centre of the rings, snapped to the nearest subview.
    public var position: Position
    /// Seconds between one step of the sort and the next.
    public var interObjectDelay: TimeInterval
    /// When true, the order is reversed: the views that would start last start first.
    public var reversed = false

    /// Rings around `position`, `interObjectDelay` seconds per whole point of distance.
    ///
    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(position: Position, interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.position = position
        self.interObjectDelay = interObjectDelay
    }

    /// The checked twin of ``init(position:interObjectDelay:)``: throws ``SpruceError`` for an out-of-range value
    /// instead of stopping the program.
    public static func validated(position: Position, interObjectDelay: TimeInterval) throws -> RadialSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return RadialSortFunction(position: position, interObjectDelay: interObjectDelay)
    }

    /// Throws ``SpruceError/invalidInterObjectDelay(_:)`` when ``interObjectDelay`` is not finite and ≥ 0.
    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }
}
