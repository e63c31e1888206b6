import Foundation

/// A distance sort from one of the nine `Position`s, snapped to the nearest subview.
public protocol PositionSortFunction: DistanceSortFunction {
    var position: Position { get set }
}

extension PositionSortFunction {
    public func distancePoint(view: View, subviews: [SpruceUIView]) -> CGPoint {
        guard !subviews.isEmpty else { return .zero }
        return translate(distancePoint: position.point(in: view.bounds.size), intoSubviews: subviews)
    }
}
