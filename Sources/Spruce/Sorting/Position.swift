import Foundation

/// Where on the animated view a position-based sort (Radial, Continuous, ContinuousWeighted) starts.
public enum Position: CaseIterable, Sendable {
    /// The top edge's left end, middle and right end.
    case topLeft, topMiddle, topRight
    /// The middle of the left edge, the centre, and the middle of the right edge.
    case left, middle, right
    /// The bottom edge's left end, middle and right end.
    case bottomLeft, bottomMiddle, bottomRight

    /// The point in a view of the given size (the bounds origin plays no part, as in the original).
    public func point(in size: CGSize) -> CGPoint {
        let (w, h) = (size.width, size.height)
        switch self {
        case .topLeft: return CGPoint(x: 0, y: 0)
        case .topMiddle: return CGPoint(x: w / 2, y: 0)
        case .topRight: return CGPoint(x: w, y: 0)
        case .left: return CGPoint(x: 0, y: h / 2)
        case .middle: return CGPoint(x: w / 2, y: h / 2)
        case .right: return CGPoint(x: w, y: h / 2)
        case .bottomLeft: return CGPoint(x: 0, y: h)
        case .bottomMiddle: return CGPoint(x: w / 2, y: h)
        case .bottomRight: return CGPoint(x: w, y: h)
        }
    }
}

/// `Position` is a common word; this name is unambiguous next to other modules.
public typealias SprucePosition = Position
