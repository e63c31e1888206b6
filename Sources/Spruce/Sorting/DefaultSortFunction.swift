import Foundation

/// Subviews in their own order, each `interObjectDelay` after the previous one.
public struct DefaultSortFunction: SortFunction {
    public var interObjectDelay: TimeInterval = 0

    public init() {}

    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(interObjectDelay:)` throws instead).
    public init(interObjectDelay: TimeInterval) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.interObjectDelay = interObjectDelay
    }

    public static func validated(interObjectDelay: TimeInterval) throws -> DefaultSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        return DefaultSortFunction(interObjectDelay: interObjectDelay)
    }

    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        return steppedOffsets(subviews.map(\.view), interObjectDelay: interObjectDelay)
    }
}
