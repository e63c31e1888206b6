import Foundation

/// Subviews in a shuffled order, each `interObjectDelay` after the previous one.
///
/// Unlike the original (a new order on every call), the order comes from `seed`: the same seed gives
/// the same order on every call and every machine, which golden-image tests and re-renders need.
/// Without a seed one is drawn at random once, at initialisation; read `seed` to reproduce it.
public struct RandomSortFunction: SortFunction {
    /// Seconds between one step of the sort and the next.
    public var interObjectDelay: TimeInterval
    /// The seed of the shuffle: the same seed gives the same order on every call and every machine.
    public var seed: UInt64

    /// A shuffled order from a seed drawn at random now, `interObjectDelay` seconds apart; read ``seed`` to reproduce
    /// it.
    ///
    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(interObjectDelay: TimeInterval) {
        var system = SystemRandomNumberGenerator()
        self.init(interObjectDelay: interObjectDelay, seed: system.next())
    }

    /// A shuffled order determined by `seed`, `interObjectDelay` seconds apart.
    ///
    /// - Precondition: `interObjectDelay` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(interObjectDelay: TimeInterval, seed: UInt64) {
        Check.require { try Check.interObjectDelay(interObjectDelay) }
        self.interObjectDelay = interObjectDelay
        self.seed = seed
    }

    /// The checked twin of ``init(interObjectDelay:seed:)``: throws ``SpruceError`` for an out-of-range value instead
    /// of stopping the program.
    public static func validated(interObjectDelay: TimeInterval, seed: UInt64? = nil) throws -> RandomSortFunction {
        try Check.interObjectDelay(interObjectDelay)
        guard let seed else { return RandomSortFunction(interObjectDelay: interObjectDelay) }
        return RandomSortFunction(interObjectDelay: interObjectDelay, seed: seed)
    }

    /// Throws ``SpruceError/invalidInterObjectDelay(_:)`` when ``interObjectDelay`` is not finite and ≥ 0.
    public func validate() throws { try Check.interObjectDelay(interObjectDelay) }

    /// The subviews shuffled by ``SplitMix64`` seeded with ``seed``, the nth starting at n · `interObjectDelay`.
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        var views = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth).map(\.view)
        var generator = SplitMix64(seed: seed)
        generator.shuffle(&views)
        return steppedOffsets(views, interObjectDelay: interObjectDelay)
    }
}
