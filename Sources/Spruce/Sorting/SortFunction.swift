import Foundation

/// Maps each subview of an animated view to the delay before its own animation starts.
/// Implement it to choreograph views your own way; the stock functions below are examples.
public protocol SortFunction {
    /// Equivalent to `timeOffsets(view:recursiveDepth: 0)`.
    func timeOffsets(view: View) -> [TimedView]

    /// Each subview of `view` with the delay, in seconds, before its animation starts.
    ///
    /// - Parameters:
    ///   - view: the animated view; it is not itself part of the result.
    ///   - recursiveDepth: 0 sorts the direct subviews; d > 0 also their descendants down to d levels
    ///     further, measured in `view`'s coordinates; `Int.max` sorts every level. Negative counts as 0
    ///     (as in the original); use `checkedTimeOffsets` to have it reported.
    func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView]

    /// Throws a `SpruceError` when the function's parameters cannot give sensible offsets.
    /// The default accepts everything.
    func validate() throws

    /// The checked path: like `timeOffsets`, but bad input throws a `SpruceError` instead of being
    /// clamped. The default validates the parameters and the depth, then checks that every offset is
    /// finite and ≥ 0 (a custom sort function or easing can produce anything).
    func checkedTimeOffsets(view: View, recursiveDepth: Int) throws -> [TimedView]
}

extension SortFunction {
    /// The direct subviews' offsets: `timeOffsets(view: view, recursiveDepth: 0)`.
    public func timeOffsets(view: View) -> [TimedView] {
        timeOffsets(view: view, recursiveDepth: 0)
    }

    /// Accepts every parameter; functions with parameters to check replace it.
    public func validate() throws {}

    /// Checks the depth (≥ 0) and the parameters (``validate()``), computes the offsets and checks each is finite and ≥
    /// 0, throwing ``SpruceError`` at the first failure.
    public func checkedTimeOffsets(view: View, recursiveDepth: Int) throws -> [TimedView] {
        try Check.recursiveDepth(recursiveDepth)
        try validate()
        return try Check.offsets(timeOffsets(view: view, recursiveDepth: recursiveDepth))
    }

    /// The direct subviews' checked offsets: `checkedTimeOffsets(view: view, recursiveDepth: 0)`.
    public func checkedTimeOffsets(view: View) throws -> [TimedView] {
        try checkedTimeOffsets(view: view, recursiveDepth: 0)
    }
}

/// Offsets that grow by a fixed step along an already ordered list: Default, Random, Inline, Snake.
func steppedOffsets(_ views: [View], interObjectDelay: TimeInterval) -> [TimedView] {
    var offset: TimeInterval = 0
    return views.map { view in
        defer { offset += interObjectDelay }
        return TimedView(spruceView: view, timeOffset: offset)
    }
}
