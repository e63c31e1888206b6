import Foundation

/// The corner a corner-based sort (Cornered, Inline, Snake) starts from.
public enum Corner: CaseIterable, Sendable {
    case topLeft, topRight, bottomLeft, bottomRight

    public func point(in size: CGSize) -> CGPoint {
        switch self {
        case .topLeft: return Position.topLeft.point(in: size)
        case .topRight: return Position.topRight.point(in: size)
        case .bottomLeft: return Position.bottomLeft.point(in: size)
        case .bottomRight: return Position.bottomRight.point(in: size)
        }
    }
}
