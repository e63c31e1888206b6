import Foundation

/// Subviews in a shuffled order, each `interObjectDelay` after the previous one.
///
/// Unlike the original (a new order on every call), the order comes from `seed`: the same seed gives
/// the same order on every call and every machine, which golden-image tests and re-renders need.
/// Without a seed one is drawn at random once, at initialisation; read `seed` to reproduce it.
public struct RandomSortFunction: SortFunction {
    public var interObjectDelay: TimeInterval
    public var seed: UInt64

    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(interObjectDelay: TimeInterval) {
        var system = SystemRandomNumberGenerator()
        self.init(interObjectDelay: interObjectDelay, seed: system.next())
    }

    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(interObjectDelay: TimeInterval, seed: UInt64) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.interObjectDelay = interObjectDelay
        self.seed = seed
    }

    public static func validated(interObjectDelay: TimeInterval, seed: UInt64? = nil) throws -> RandomSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        guard let seed else { return RandomSortFunction(interObjectDelay: interObjectDelay) }
        return RandomSortFunction(interObjectDelay: interObjectDelay, seed: seed)
    }

    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        var views = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth).map(\.view)
        var generator = SplitMix64(seed: seed)
        generator.shuffle(&views)
        return steppedOffsets(views, interObjectDelay: interObjectDelay)
    }
}
