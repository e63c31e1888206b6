import Foundation

/// A distance sort sweeping in one of the four `Direction`s, from the middle of the starting edge.
public protocol DirectionSortFunction: DistanceSortFunction {
    var direction: Direction { get set }
}

extension DirectionSortFunction {
    public func distancePoint(view: View, subviews: [SpruceUIView] = []) -> CGPoint {
        direction.point(in: view.bounds.size)
    }
}
