import Foundation

/// Reshapes another sort function's offsets as Spruce Android does with an interpolator:
/// `offset' = maxOffset · easing(offset / maxOffset)`. The order and the first and last start times
/// stay; an ease-in bunches the early views together and spreads the late ones, an ease-out the reverse.
public struct EasedSortFunction<Base: SortFunction>: SortFunction {
    /// The sort function whose offsets are reshaped; it decides the order and the first and last start times.
    public var base: Base
    /// The curve applied to each offset's share of the largest offset.
    public var easing: SortEasing

    /// `base`'s offsets reshaped by `easing`.
    public init(_ base: Base, easing: SortEasing) {
        self.base = base
        self.easing = easing
    }

    /// Validates the base function; the easing has no parameters to check.
    public func validate() throws { try base.validate() }

    /// The base function's offsets, each replaced by `maxOffset · easing(offset / maxOffset)`.
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        ease(base.timeOffsets(view: view, recursiveDepth: recursiveDepth))
    }

    /// The base function's checked offsets, eased, then checked again: an easing that gives a NaN, infinite or negative
    /// offset throws ``SpruceError/invalidTimeOffset(_:viewIndex:)``.
    public func checkedTimeOffsets(view: View, recursiveDepth: Int) throws -> [TimedView] {
        try Check.offsets(ease(base.checkedTimeOffsets(view: view, recursiveDepth: recursiveDepth)))
    }

    private func ease(_ timed: [TimedView]) -> [TimedView] {
        var timed = timed
        let maxOffset = timed.lazy.map(\.timeOffset).max() ?? 0
        guard maxOffset > 0, maxOffset.isFinite else { return timed }
        for index in timed.indices {
            timed[index].timeOffset = maxOffset * easing(timed[index].timeOffset / maxOffset)
        }
        return timed
    }
}

extension SortFunction {
    /// `RadialSortFunction(position: .middle, interObjectDelay: 0.1).eased(by: .easeIn)`
    public func eased(by easing: SortEasing) -> EasedSortFunction<Self> {
        EasedSortFunction(self, easing: easing)
    }
}
