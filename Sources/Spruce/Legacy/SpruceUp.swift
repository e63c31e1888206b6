import Advance
import Foundation

// Spruce 1.0's `UIView` extension: `spruceUp(withAnimations:…)` and its helpers, on `view.spruce`.
// Same defaults as 1.0: 0.3 s for each view, `StandardAnimation(duration:)`, and
// `LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.05)`. They run on `Loop.current`.

extension View {
    /// Spruce 1.0's entrance: the subviews run `animations` for `duration` seconds each, top to bottom, 0.05 s apart.
    /// Returns what ``Spruce/Spruce/animate(_:duration:completion:)`` returns.
    @available(*, deprecated, message: "use view.spruce.animate(_:duration:completion:)")
    @discardableResult
    public func spruceUp(withAnimations animations: [StockAnimation], duration: TimeInterval = 0.3,
                         completion: CompletionHandler? = nil) -> Choreography {
        spruce.animate(animations, duration: duration, completion: completion)
    }

    /// Spruce 1.0's entrance with an animation type of your own, top to bottom, 0.05 s apart. Returns what
    /// ``Spruce/Spruce/animate(_:duration:animationType:completion:)`` returns.
    @available(*, deprecated, message: "use view.spruce.animate(_:duration:animationType:completion:)")
    @discardableResult
    public func spruceUp(withAnimations animations: [StockAnimation], duration: TimeInterval = 0.3,
                         animationType: Animation, completion: CompletionHandler? = nil) -> Choreography {
        spruce.animate(animations, duration: duration, animationType: animationType, completion: completion)
    }

    /// 1.0's full form. As in 1.0 the animation type carries its own duration; `duration` is kept for the
    /// signature.
    @available(*, deprecated, message: "use view.spruce.animate(_:duration:animationType:sortFunction:prepare:completion:)")
    @discardableResult
    public func spruceUp(withAnimations animations: [StockAnimation], duration: TimeInterval = 0.3,
                         animationType: Animation, sortFunction: SortFunction, prepare: Bool = true,
                         completion: CompletionHandler? = nil) -> Choreography {
        spruce.animate(animations, duration: duration, animationType: animationType, sortFunction: sortFunction,
                       prepare: prepare, completion: completion)
    }

    /// Puts the subviews in the animations' starting state. As in 1.0, views hidden before are shown
    /// again when the animations fade in (they start transparent).
    @available(*, deprecated, message: "use view.spruce.prepare(with:)")
    public func sprucePrepare(withAnimations animations: [StockAnimation]) {
        spruce.prepare(with: animations)
        let fades = animations.contains { if case .fadeIn = $0 { return true } else { return false } }
        if fades { subviews.forEach { $0.isHidden = false } }
    }

    /// Spruce 1.0's preparation with a change function: applies `changeFunction` to every direct subview.
    @available(*, deprecated, message: "use view.spruce.prepare(withRecursiveDepth:changeFunction:)")
    public func sprucePrepare(withChangeFunction changeFunction: ChangeFunction) {
        spruce.prepare(changeFunction: changeFunction)
    }

    /// Spruce 1.0's low-level entrance: each subview runs `animation` at the offset `sortFunction` gives it. Returns
    /// what ``Spruce/Spruce/animate(withSortFunction:prepare:animation:exclude:recursiveDepth:completion:)`` returns.
    @available(*, deprecated, message: "use view.spruce.animate(withSortFunction:animation:completion:)")
    @discardableResult
    public func spruceSubViews(withSortFunction sortFunction: SortFunction, animation: Animation,
                               completion: CompletionHandler? = nil) -> Choreography {
        spruce.animate(withSortFunction: sortFunction, animation: animation, completion: completion)
    }

    /// Spruce 1.0's way to hide every direct subview before an entrance.
    @available(*, deprecated, message: "use view.spruce.hideAllSubviews()")
    public func hideAllSubviews() {
        spruce.hideAllSubviews()
    }
}

extension Spruce {
    /// The 2.x README's spelling of `prepare(with:)`.
    @available(*, deprecated, renamed: "prepare(with:)")
    public func prepare(_ animations: [StockAnimation]) {
        prepare(with: animations)
    }
}

extension SpringAnimation {
    /// The 2.x README's name for `damping` (UIKit's `usingSpringWithDamping`).
    @available(*, deprecated, renamed: "damping")
    public var springDampening: CGFloat {
        get { damping }
        set { damping = newValue }
    }
}

/// Spruce 1.0's name for `TimedView`.
@available(*, deprecated, renamed: "TimedView")
public typealias SpruceTimedView = TimedView

extension TimedView {
    /// 1.0's `SpruceTimedView(view:timeOffset:)`.
    public init(view: View, timeOffset: TimeInterval) {
        self.init(spruceView: view, timeOffset: timeOffset)
    }
}

extension SortFunction {
    /// Spruce 1.0's requirement: the offsets of the direct subviews.
    @available(*, deprecated, renamed: "timeOffsets(view:)")
    public func getTimeOffsets(view: View) -> [TimedView] {
        timeOffsets(view: view)
    }
}
