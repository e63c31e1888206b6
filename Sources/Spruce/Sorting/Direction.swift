import Foundation

/// The sweep of a `LinearSortFunction`.
public enum Direction: CaseIterable, Sendable {
    /// From the top edge down.
    case topToBottom
    /// From the bottom edge up.
    case bottomToTop
    /// From the left edge rightwards.
    case leftToRight
    /// From the right edge leftwards.
    case rightToLeft

    /// The middle of the edge the sweep starts from.
    public func point(in size: CGSize) -> CGPoint {
        switch self {
        case .topToBottom: return Position.topMiddle.point(in: size)
        case .bottomToTop: return Position.bottomMiddle.point(in: size)
        case .leftToRight: return Position.left.point(in: size)
        case .rightToLeft: return Position.right.point(in: size)
        }
    }

    var isVertical: Bool { self == .topToBottom || self == .bottomToTop }
}
