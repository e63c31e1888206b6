import Foundation

/// A distance sort from one of the nine `Position`s, snapped to the nearest subview.
public protocol PositionSortFunction: DistanceSortFunction {
    /// The position distances are measured from.
    var position: Position { get set }
}

extension PositionSortFunction {
    /// The reference point of the subview nearest to ``position`` in `view`'s bounds; (0, 0) when there are no
    /// subviews.
    public func distancePoint(view: View, subviews: [SpruceUIView]) -> CGPoint {
        guard !subviews.isEmpty else { return .zero }
        return translate(distancePoint: position.point(in: view.bounds.size), intoSubviews: subviews)
    }
}
