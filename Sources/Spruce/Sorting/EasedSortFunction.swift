import Foundation

/// Reshapes another sort function's offsets as Spruce Android does with an interpolator:
/// `offset' = maxOffset · easing(offset / maxOffset)`. The order and the first and last start times
/// stay; an ease-in bunches the early views together and spreads the late ones, an ease-out the reverse.
public struct EasedSortFunction<Base: SortFunction>: SortFunction {
    public var base: Base
    public var easing: SortEasing

    public init(_ base: Base, easing: SortEasing) {
        self.base = base
        self.easing = easing
    }

    public func validate() throws { try base.validate() }

    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        ease(base.timeOffsets(view: view, recursiveDepth: recursiveDepth))
    }

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
