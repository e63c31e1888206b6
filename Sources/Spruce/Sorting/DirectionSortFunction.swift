import Foundation

/// A distance sort sweeping in one of the four `Direction`s, from the middle of the starting edge.
public protocol DirectionSortFunction: DistanceSortFunction {
    /// The direction of the sweep.
    var direction: Direction { get set }
}

extension DirectionSortFunction {
    /// The middle of the edge the sweep starts from, in `view`'s bounds; `subviews` are not needed.
    public func distancePoint(view: View, subviews: [SpruceUIView] = []) -> CGPoint {
        direction.point(in: view.bounds.size)
    }
}
