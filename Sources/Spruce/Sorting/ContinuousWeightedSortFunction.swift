import Foundation

/// Like `ContinuousSortFunction`, but horizontal and vertical distance count separately, each
/// normalised by its own maximum and scaled by its `Weight`; the sum is then spread over `duration`.
///
/// Differs from the original on purpose: the original returns `[]` when all views share a row or a column (a maximum of 0), so
/// nothing animates. Here such an axis contributes 0; if no axis contributes, every offset is 0.
public struct ContinuousWeightedSortFunction: PositionSortFunction, WeightSortFunction {
    /// Unused; present because `DistanceSortFunction` requires it, as in the original.
    public var interObjectDelay: TimeInterval = 0
    /// Where distances are measured from, snapped to the nearest subview's reference point.
    public var position: Position
    /// When true, the offsets are mirrored: the view that would start last starts first.
    public var reversed = false
    /// Seconds over which the offsets spread: the view with the largest weighted distance starts at `duration`.
    public var duration: TimeInterval
    /// How much horizontal distance counts; a heavier weight makes the horizontal sweep dominate.
    public var horizontalWeight: Weight
    /// How much vertical distance counts; a heavier weight makes the vertical sweep dominate.
    public var verticalWeight: Weight

    /// Offsets spread over `duration` seconds by distance from `position`, each axis counted with its weight.
    ///
    /// - Precondition: `duration` is finite and ≥ 0 and custom weights are finite
    ///   (`validated(...)` throws instead). Negative weights count as 0, as in the original.
    public init(position: Position, duration: TimeInterval,
                horizontalWeight: Weight = .medium, verticalWeight: Weight = .medium) {
        Check.require {
            try Check.duration(duration)
            try Check.weight(horizontalWeight)
            try Check.weight(verticalWeight)
        }
        self.position = position
        self.duration = duration
        self.horizontalWeight = horizontalWeight
        self.verticalWeight = verticalWeight
    }

    /// The checked twin of ``init(position:duration:horizontalWeight:verticalWeight:)``: throws ``SpruceError`` for a
    /// duration that is not finite and ≥ 0 or a custom weight that is not finite.
    public static func validated(position: Position, duration: TimeInterval,
                                 horizontalWeight: Weight = .medium,
                                 verticalWeight: Weight = .medium) throws -> ContinuousWeightedSortFunction {
        try Check.duration(duration)
        try Check.weight(horizontalWeight)
        try Check.weight(verticalWeight)
        return ContinuousWeightedSortFunction(position: position, duration: duration,
                                              horizontalWeight: horizontalWeight, verticalWeight: verticalWeight)
    }

    /// Throws ``SpruceError`` for a duration that is not finite and ≥ 0 or a custom weight that is not finite.
    public func validate() throws {
        try Check.duration(duration)
        try Check.weight(horizontalWeight)
        try Check.weight(verticalWeight)
    }

    /// Each subview's offset from its weighted horizontal and vertical distances, each normalised by its axis's largest
    /// distance, summed and spread over `duration`; an axis on which all views line up contributes 0.
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        let point = distancePoint(view: view, subviews: subviews)
        let hw = horizontalWeight.coefficient, vw = verticalWeight.coefficient
        let h = subviews.map { abs(Double($0.referencePoint.x - point.x)) * hw }
        let v = subviews.map { abs(Double($0.referencePoint.y - point.y)) * vw }
        let maxH = h.max() ?? 0, maxV = v.max() ?? 0
        let raw = subviews.indices.map { i in
            duration * ((maxH > 0 ? h[i] / maxH * hw : 0) + (maxV > 0 ? v[i] / maxV * vw : 0))
        }
        let maxRaw = raw.max() ?? 0
        return subviews.indices.map { i in
            guard maxRaw > 0 else { return TimedView(spruceView: subviews[i].view, timeOffset: 0) }
            let offset = raw[i] / maxRaw * duration
            return TimedView(spruceView: subviews[i].view, timeOffset: reversed ? duration - offset : offset)
        }
    }
}
