import Foundation

/// A distance sort from one of the four corners.
public protocol CornerSortFunction: DistanceSortFunction {
    var corner: Corner { get set }
}

extension CornerSortFunction {
    /// Snaps only when given subviews; the stock corner sorts pass none and measure from the corner itself.
    public func distancePoint(view: View, subviews: [SpruceUIView] = []) -> CGPoint {
        translate(distancePoint: corner.point(in: view.bounds.size), intoSubviews: subviews)
    }
}
