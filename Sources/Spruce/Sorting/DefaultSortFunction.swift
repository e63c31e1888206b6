import Foundation

/// Subviews in their own order, each `interObjectDelay` after the previous one.
public struct DefaultSortFunction: SortFunction {
    /// Seconds between one subview's start and the next one's (default 0: all at once).
    public var interObjectDelay: TimeInterval = 0

    /// All subviews at once: an inter-object delay of 0.
    public init() {}

    /// The subviews in their own order, `interObjectDelay` seconds apart.
    ///
    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(interObjectDelay:)` throws instead).
    public init(interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.interObjectDelay = interObjectDelay
    }

    /// The checked twin of ``init(interObjectDelay:)``: throws ``SpruceError`` for a delay that is not finite and ≥ 0.
    public static func validated(interObjectDelay: TimeInterval) throws -> DefaultSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return DefaultSortFunction(interObjectDelay: interObjectDelay)
    }

    /// Throws ``SpruceError`` when ``interObjectDelay`` is not finite and ≥ 0.
    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    /// The subviews in their own order (depth first down to `recursiveDepth`), the nth starting at n ·
    /// `interObjectDelay`.
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        return steppedOffsets(subviews.map(\.view), interObjectDelay: interObjectDelay)
    }
}
