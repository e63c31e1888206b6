import Foundation

/// Delays proportional to the Euclidean distance from a position (snapped to the nearest subview),
/// spread over `duration`: the farthest view starts at `duration`. No grouping into steps.
///
/// Differs from the original on purpose: the original returns `[]` when every view is at distance 0 (e.g. a single subview), so
/// nothing animates. Here every view then gets offset 0.
public struct ContinuousSortFunction: PositionSortFunction {
    /// Unused; present because `DistanceSortFunction` requires it, as in the original.
    public var interObjectDelay: TimeInterval = 0
    /// Seconds over which the offsets spread: the view farthest from the position starts at `duration`.
    public var duration: TimeInterval
    /// Where distances are measured from, snapped to the nearest subview's reference point.
    public var position: Position
    /// When true, the farthest view starts first and the nearest last.
    public var reversed = false

    /// Offsets spread continuously over `duration` seconds by distance from `position`.
    ///
    /// - Precondition: `duration` is finite and ≥ 0 (`validated(...)` throws instead).
    public init(position: Position, duration: TimeInterval) {
        Check.require { try Check.duration(duration) }
        self.duration = duration
        self.position = position
    }

    /// The checked twin of ``init(position:duration:)``: throws ``SpruceError`` for a duration that is not finite and ≥
    /// 0.
    public static func validated(position: Position, duration: TimeInterval) throws -> ContinuousSortFunction {
        try Check.duration(duration)
        return ContinuousSortFunction(position: position, duration: duration)
    }

    /// Throws ``SpruceError`` when ``duration`` is not finite and ≥ 0.
    public func validate() throws { try Check.duration(duration) }

    /// Each subview's offset: `duration` times its distance from the position over the largest distance, so offsets
    /// vary continuously; 0 for every view when all distances are 0.
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        let point = distancePoint(view: view, subviews: subviews)
        let distances = subviews.map { distanceBetween(point, and: $0.referencePoint) }
        let maxDistance = distances.max() ?? 0
        return zip(subviews, distances).map { subview, distance in
            let share = maxDistance > 0 ? (reversed ? maxDistance - distance : distance) / maxDistance : 0
            return TimedView(spruceView: subview.view, timeOffset: duration * share)
        }
    }
}

/// The spelling Spruce's README uses.
@available(*, deprecated, renamed: "ContinuousSortFunction")
public typealias ContinousSortFunction = ContinuousSortFunction
