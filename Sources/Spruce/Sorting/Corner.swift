import Foundation

/// The corner a corner-based sort (Cornered, Inline, Snake) starts from.
public enum Corner: CaseIterable, Sendable {
    /// The four corners of the animated view's bounds.
    case topLeft, topRight, bottomLeft, bottomRight

    /// The corner's point in a rectangle of `size` with its origin at (0, 0).
    public func point(in size: CGSize) -> CGPoint {
        switch self {
        case .topLeft: return Position.topLeft.point(in: size)
        case .topRight: return Position.topRight.point(in: size)
        case .bottomLeft: return Position.bottomLeft.point(in: size)
        case .bottomRight: return Position.bottomRight.point(in: size)
        }
    }
}
