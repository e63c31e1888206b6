import Advance
import Foundation
import Geometry
import Spruce

/// Names and numbers become Spruce objects here, through their checked initializers.
extension ChoreographySpec {
    static func weight(_ w: WeightSpec) -> Weight {
        switch w {
        case .light: return .light
        case .medium: return .medium
        case .heavy: return .heavy
        case .custom(let v): return .custom(v)
        }
    }

    public var easing: SortEasing? {
        guard let tf = ease?.timing else { return nil }
        return SortEasing { tf.solve(at: $0, epsilon: 1e-7) }
    }

    public func makeSortFunction() throws -> SortFunction {
        let sort: SortFunction
        switch self.sort {
        case .default:
            sort = try DefaultSortFunction.validated(interObjectDelay: delay)
        case .linear:
            sort = try withReversed(LinearSortFunction.validated(direction: direction, interObjectDelay: delay))
        case .cornered:
            sort = try withReversed(CorneredSortFunction.validated(corner: corner, interObjectDelay: delay))
        case .radial:
            sort = try withReversed(RadialSortFunction.validated(position: position, interObjectDelay: delay))
        case .random:
            sort = try RandomSortFunction.validated(interObjectDelay: delay, seed: seed)
        case .inline:
            sort = try withReversed(InlineSortFunction.validated(corner: corner, interObjectDelay: delay))
        case .continuous:
            sort = try withReversed(ContinuousSortFunction.validated(position: position, duration: duration))
        case .continuousWeighted:
            sort = try withReversed(ContinuousWeightedSortFunction.validated(
                position: position, duration: duration,
                horizontalWeight: Self.weight(weights.horizontal), verticalWeight: Self.weight(weights.vertical)))
        case .snake:
            sort = try SnakeSortFunction.validated(corner: corner, interObjectDelay: delay, reversed: reversed)
        case .stagger:
            return try StaggerSortFunction.validated(
                timing: amount.map { .amount($0) } ?? .each(delay), from: from.spruce, axis: axis?.spruce,
                grid: nil, easing: easing ?? .linear, reversed: reversed)
        }
        if let easing { return EasedSortFunction(AnySortFunction(sort), easing: easing) }
        return sort
    }

    /// Every distance-based sort takes `reversed` the same way.
    func withReversed<S: DistanceSortFunction>(_ sort: S) -> S {
        var s = sort
        s.reversed = reversed
        return s
    }

    public func makeStockAnimations() -> [StockAnimation] {
        animations.map { spec in
            func scale(_ a: AnimationSpec.Amount) -> Scale {
                switch a { case .slightly: return .slightly; case .moderately: return .moderately
                case .severely: return .severely; case .value(let v): return .toScale(CGFloat(v)) }
            }
            switch spec {
            case .fadeIn: return .fadeIn
            case .slide(let d, let a):
                let dir = SlideDirection(rawValue: d) ?? .up
                switch a {
                case .slightly: return .slide(dir, .slightly)
                case .moderately: return .slide(dir, .moderately)
                case .severely: return .slide(dir, .severely)
                case .value(let v): return .slide(dir, .byPoints(CGFloat(v)))
                }
            case .spin(let a):
                switch a {
                case .slightly: return .spin(.slightly)
                case .moderately: return .spin(.moderately)
                case .severely: return .spin(.severely)
                case .value(let v): return .spin(.toAngle(CGFloat(v)))
                }
            case .expand(let a): return .expand(scale(a))
            case .contract(let a): return .contract(scale(a))
            }
        }
    }

    public func makeAnimation() throws -> TimedAnimation {
        switch animationType {
        case .standard:
            return try StandardAnimation.validated(duration: animationDuration)
        case .spring:
            return try SpringAnimation.validated(duration: animationDuration, damping: CGFloat(damping),
                                                 initialVelocity: CGFloat(velocity))
        }
    }
}

/// Lets a sort function chosen at run time be wrapped by generic modifiers such as easing.
struct AnySortFunction: SortFunction {
    let base: SortFunction
    init(_ base: SortFunction) { self.base = base }
    func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] { base.timeOffsets(view: view, recursiveDepth: recursiveDepth) }
    func validate() throws { try base.validate() }
}
