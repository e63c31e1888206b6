import Foundation

/// The way a view moves as it slides in: `.up` starts below its place and moves up.
public enum SlideDirection: String, CaseIterable, Sendable {
    /// Moves up into place, from below.
    case up
    /// Moves down into place, from above.
    case down
    /// Moves left into place, from the right.
    case left
    /// Moves right into place, from the left.
    case right
}

/// How far a slide starts from: 10, 30 or 50 points, or any number of points.
public enum Distance: Equatable, Sendable {
    /// 10, 30 or 50 points.
    case slightly, moderately, severely
    /// Any number of points, in the same direction as the named distances.
    case byPoints(CGFloat)
}

/// How far a spin starts from: π/4, π/2, π, or any angle in radians.
public enum Angle: Equatable, Sendable {
    /// π/4, π/2 or π radians.
    case slightly, moderately, severely
    /// Any angle, in radians.
    case toAngle(CGFloat)
}

/// The scale an expand (0.9, 0.7, 0.5) or a contract (1.1, 1.3, 1.5) starts from, or any scale.
public enum Scale: Equatable, Sendable {
    /// An expand from 0.9, 0.7 or 0.5; a contract from 1.1, 1.3 or 1.5.
    case slightly, moderately, severely
    /// Any scale factor, for expands and contracts alike.
    case toScale(CGFloat)
}

/// The stock animations of Spruce: each prepares a view (its starting state) and changes it back.
public enum StockAnimation {
    /// Starts offset by the distance against the direction and moves into place.
    case slide(SlideDirection, Distance)
    /// Starts transparent and becomes opaque.
    case fadeIn
    /// Starts rotated by the angle and turns back upright.
    case spin(Angle)
    /// Starts scaled down and grows to full size.
    case expand(Scale)
    /// Starts scaled up and shrinks to full size.
    case contract(Scale)
    /// Your own starting state and change.
    case custom(prepareFunction: PrepareHandler, animateFunction: ChangeFunction)

    /// Puts a view in the state the animation starts from.
    public var prepareFunction: PrepareHandler {
        switch self {
        case .slide:
            let offset = slideOffset
            return { $0.transform = $0.transform.concatenating(CGAffineTransform(translationX: offset.x, y: offset.y)) }
        case .fadeIn:
            return { $0.alpha = 0 }
        case .spin:
            let angle = spinAngle
            return { $0.transform = $0.transform.concatenating(CGAffineTransform(rotationAngle: angle)) }
        case .expand, .contract:
            let k = scale
            return { $0.transform = $0.transform.concatenating(CGAffineTransform(scaleX: k, y: k)) }
        case .custom(let prepare, _):
            return prepare
        }
    }

    /// The change the animation animates: back to identity (transforms) or opaque (fade).
    public var animationFunction: ChangeFunction {
        switch self {
        case .slide, .spin, .expand, .contract:
            return { $0.transform = .identity }
        case .fadeIn:
            return { $0.alpha = 1 }
        case .custom(_, let change):
            return change
        }
    }

    /// The translation a slide starts from. Differs from the original on purpose: Spruce iOS flips the sign of `byPoints` for `up`
    /// and `left`, so `.slide(.up, .byPoints(30))` moved the other way from `.slide(.up, .moderately)`;
    /// here `byPoints(v)` uses the same signs as the named distances.
    public var slideOffset: CGPoint {
        guard case .slide(let direction, let distance) = self else { return .zero }
        let v: CGFloat
        switch distance {
        case .slightly: v = 10
        case .moderately: v = 30
        case .severely: v = 50
        case .byPoints(let points): v = points
        }
        switch direction {
        case .up: return CGPoint(x: 0, y: v)
        case .down: return CGPoint(x: 0, y: -v)
        case .left: return CGPoint(x: v, y: 0)
        case .right: return CGPoint(x: -v, y: 0)
        }
    }

    /// The rotation a spin starts from, in radians; 0 for other animations.
    public var spinAngle: CGFloat {
        guard case .spin(let angle) = self else { return 0 }
        switch angle {
        case .slightly: return .pi / 4
        case .moderately: return .pi / 2
        case .severely: return .pi
        case .toAngle(let value): return value
        }
    }

    /// The scale an expand or contract starts from; 1 for other animations.
    public var scale: CGFloat {
        switch self {
        case .expand(let s):
            switch s {
            case .slightly: return 0.9
            case .moderately: return 0.7
            case .severely: return 0.5
            case .toScale(let value): return value
            }
        case .contract(let s):
            switch s {
            case .slightly: return 1.1
            case .moderately: return 1.3
            case .severely: return 1.5
            case .toScale(let value): return value
            }
        default:
            return 1
        }
    }
}
