import Foundation

/// A distance sort from one of the four corners.
public protocol CornerSortFunction: DistanceSortFunction {
    /// The corner distances are measured from.
    var corner: Corner { get set }
}

extension CornerSortFunction {
    /// Snaps only when given subviews; the stock corner sorts pass none and measure from the corner itself.
    public func distancePoint(view: View, subviews: [SpruceUIView] = []) -> CGPoint {
        translate(distancePoint: corner.point(in: view.bounds.size), intoSubviews: subviews)
    }

    /// The subviews with their vertical and horizontal distances from the corner, as sort keys: what the
    /// row-by-row sorts (inline, snake) order by.
    func axisDistances(view: View, recursiveDepth: Int) -> (subviews: [SpruceUIView], dy: [Double], dx: [Double]) {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        let origin = distancePoint(view: view)
        return (subviews,
                subviews.map { sortKey(abs(Double($0.referencePoint.y - origin.y))) },
                subviews.map { sortKey(abs(Double($0.referencePoint.x - origin.x))) })
    }
}
