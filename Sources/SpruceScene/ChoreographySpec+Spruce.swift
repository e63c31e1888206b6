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
        let function: SortFunction
        switch sort {
        case .default(let delay):
            function = try DefaultSortFunction.validated(interObjectDelay: delay)
        case .linear(let direction, let delay, let reversed):
            function = try Self.reversed(LinearSortFunction.validated(direction: direction, interObjectDelay: delay), reversed)
        case .cornered(let corner, let delay, let reversed):
            function = try Self.reversed(CorneredSortFunction.validated(corner: corner, interObjectDelay: delay), reversed)
        case .radial(let position, let delay, let reversed):
            function = try Self.reversed(RadialSortFunction.validated(position: position, interObjectDelay: delay), reversed)
        case .random(let delay, let seed):
            function = try RandomSortFunction.validated(interObjectDelay: delay, seed: seed)
        case .inline(let corner, let delay, let reversed):
            function = try Self.reversed(InlineSortFunction.validated(corner: corner, interObjectDelay: delay), reversed)
        case .continuous(let position, let duration, let reversed):
            function = try Self.reversed(ContinuousSortFunction.validated(position: position, duration: duration), reversed)
        case .continuousWeighted(let position, let duration, let weights, let reversed):
            function = try Self.reversed(ContinuousWeightedSortFunction.validated(
                position: position, duration: duration,
                horizontalWeight: Self.weight(weights.horizontal), verticalWeight: Self.weight(weights.vertical)), reversed)
        case .snake(let corner, let delay, let reversed):
            function = try SnakeSortFunction.validated(corner: corner, interObjectDelay: delay, reversed: reversed)
        case .stagger(let timing, let from, let axis, let reversed):
            return try StaggerSortFunction.validated(timing: timing.spruce, from: from.spruce, axis: axis?.spruce,
                                                     grid: nil, easing: easing ?? .linear, reversed: reversed)
        }
        if let easing { return EasedSortFunction(AnySortFunction(function), easing: easing) }
        return function
    }

    /// Every distance-based sort takes `reversed` the same way.
    static func reversed<S: DistanceSortFunction>(_ sort: S, _ reversed: Bool) -> S {
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

extension SortSpec.StaggerTiming {
    var spruce: StaggerSortFunction.Timing {
        switch self {
        case .each(let v): return .each(v)
        case .amount(let v): return .amount(v)
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
