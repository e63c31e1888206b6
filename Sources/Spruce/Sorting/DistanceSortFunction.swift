import Foundation

/// A sort where the delay grows with the distance from one comparison point.
///
/// Views whose distances share the same whole number of points start together; each further
/// whole-point distance adds `interObjectDelay` (flooring absorbs floating-point noise in layouts).
public protocol DistanceSortFunction: SortFunction {
    /// Seconds added for each further whole point of distance.
    var interObjectDelay: TimeInterval { get set }
    /// When true, the farthest views start first.
    var reversed: Bool { get set }

    /// The metric; the default is Euclidean.
    func distanceBetween(_ left: CGPoint, and right: CGPoint) -> Double

    /// The comparison point, in the animated view's coordinates.
    func distancePoint(view: View, subviews: [SpruceUIView]) -> CGPoint

    /// The reference point of the subview nearest to `distancePoint`, so that one view starts at 0.
    func translate(distancePoint: CGPoint, intoSubviews subviews: [SpruceUIView]) -> CGPoint
}

extension DistanceSortFunction {
    /// Offsets stepped by floored distance from ``distancePoint(view:subviews:)``: views at the same whole-point
    /// distance start together, ties in subview order.
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        let point = distancePoint(view: view, subviews: subviews)
        return flooredOffsets(subviews, from: point)
    }

    /// The Euclidean distance between the two points.
    public func distanceBetween(_ left: CGPoint, and right: CGPoint) -> Double {
        euclideanDistance(left, right)
    }

    /// Linear scan: O(n).
    public func translate(distancePoint: CGPoint, intoSubviews subviews: [SpruceUIView]) -> CGPoint {
        var best: (point: CGPoint, distance: Double)?
        for subview in subviews {
            let d = euclideanDistance(subview.referencePoint, distancePoint)
            if best == nil || d < best!.distance { best = (subview.referencePoint, d) }
        }
        return best?.point ?? distancePoint
    }

    /// Sorts by distance (descending when reversed, ties in subview order) and steps the offset
    /// whenever the floored distance changes. O(n log n).
    func flooredOffsets(_ subviews: [SpruceUIView], from point: CGPoint) -> [TimedView] {
        let distances = subviews.map { sortKey(distanceBetween(point, and: $0.referencePoint)) }
        let order = sortedIndices(distances, descending: reversed)
        var result: [TimedView] = []
        result.reserveCapacity(order.count)
        var offset: TimeInterval = 0
        var lastFloor = order.first.map { distances[$0].rounded(.down) }
        for index in order {
            let floored = distances[index].rounded(.down)
            if floored != lastFloor {
                lastFloor = floored
                offset += interObjectDelay
            }
            result.append(TimedView(spruceView: subviews[index].view, timeOffset: offset))
        }
        return result
    }
}

func euclideanDistance(_ a: CGPoint, _ b: CGPoint) -> Double {
    let dx = Double(a.x - b.x), dy = Double(a.y - b.y)
    return (dx * dx + dy * dy).squareRoot()
}

/// NaN (from NaN geometry) sorts last instead of breaking the sort's ordering.
func sortKey(_ value: Double) -> Double { value.isNaN ? .infinity : value }

/// Indices ordered by key, ties kept in index order so results never depend on the sort algorithm.
func sortedIndices(_ keys: [Double], descending: Bool) -> [Int] {
    Array(keys.indices).sorted { i, j in
        if keys[i] != keys[j] { return descending ? keys[i] > keys[j] : keys[i] < keys[j] }
        return i < j
    }
}
