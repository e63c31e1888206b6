import Advance
import Foundation

/// `view.spruce`: Spruce's entry point, with the original's names and defaults. Animations run on
/// `Loop.current`; advance that loop (or render frames from it) to see them move.
public struct Spruce {
    /// The view whose subviews animate; it does not move itself.
    public let view: View
    init(view: View) { self.view = view }
}

extension View {
    /// Spruce's animations of this view's subviews: `view.spruce.animate([.fadeIn, .expand(.slightly)])`.
    public var spruce: Spruce { Spruce(view: self) }
    /// The original's alternative spelling.
    public var 🌲: Spruce { spruce }
}

extension Spruce {
    /// `StandardAnimation(duration:)` and `LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.05)`.
    @discardableResult
    public func animate(_ animations: [StockAnimation], duration: TimeInterval = 0.3,
                        completion: CompletionHandler? = nil) -> Choreography {
        animate(animations, duration: duration, animationType: StandardAnimation(duration: duration), completion: completion)
    }

    /// Runs `animations` on the subviews with `StandardAnimation(duration: duration)`, each starting at the offset
    /// `sortFunction` gives it; the subviews are prepared first. Returns the choreography set in motion.
    @discardableResult
    public func animate(_ animations: [StockAnimation], sortFunction: SortFunction, duration: TimeInterval = 0.3,
                        completion: CompletionHandler? = nil) -> Choreography {
        animate(animations, duration: duration, animationType: StandardAnimation(duration: duration),
                sortFunction: sortFunction, completion: completion)
    }

    /// Runs `animations` on the subviews with `animationType`, top to bottom 0.05 s apart; the subviews are prepared
    /// first. Returns the choreography set in motion.
    @discardableResult
    public func animate(_ animations: [StockAnimation], duration: TimeInterval = 0.3, animationType: Animation,
                        completion: CompletionHandler? = nil) -> Choreography {
        animate(animations, duration: duration, animationType: animationType,
                sortFunction: LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.05), completion: completion)
    }

    /// Prepares the subviews (unless `prepare` is false), then animates them back with `animationType`.
    /// `duration` is kept for the original's signature; `animationType` carries its own duration.
    @discardableResult
    public func animate(_ animations: [StockAnimation], duration: TimeInterval = 0.3, animationType: Animation,
                        sortFunction: SortFunction, prepare: Bool = true,
                        completion: CompletionHandler? = nil) -> Choreography {
        if prepare { self.prepare(with: animations) }
        var animation = animationType
        let changes = animations.map(\.animationFunction)
        animation.changeFunction = { view in changes.forEach { $0(view) } }
        return animate(withSortFunction: sortFunction, animation: animation, completion: completion)
    }

    /// Applies every animation's prepare function to the subviews, without animating.
    public func prepare(with animations: [StockAnimation], recursiveDepth: Int = 0) {
        let prepares = animations.map(\.prepareFunction)
        for v in subviews(recursiveDepth: recursiveDepth) { prepares.forEach { $0(v) } }
    }

    /// Applies `changeFunction` to the subviews down to `recursiveDepth` levels, without animating.
    public func prepare(withRecursiveDepth recursiveDepth: Int = 0, changeFunction: ChangeFunction) {
        subviews(recursiveDepth: recursiveDepth).forEach(changeFunction)
    }

    /// Hides the subviews down to `recursiveDepth` levels (`isHidden = true`).
    public func hideAllSubviews(recursiveDepth: Int = 0) {
        for v in subviews(recursiveDepth: recursiveDepth) { v.isHidden = true }
    }

    /// The full form. Each view is prepared with `prepare` (if given) when the call is made and starts
    /// changing at its sort-function offset. `completion` fires once, when the view with the largest
    /// offset finishes. Differs from the original on purpose: the original hands the completion to the last view even when that view
    /// is excluded, so it never fires; here it goes to the last view that animates, and with no view
    /// to animate it fires at the next frame.
    @discardableResult
    public func animate(withSortFunction sortFunction: SortFunction, prepare: PrepareHandler? = nil,
                        animation: Animation, exclude: [View]? = nil, recursiveDepth: Int = 0,
                        completion: CompletionHandler? = nil) -> Choreography {
        // As in the original, a negative depth counts as 0; an offset a custom sort function got wrong
        // (NaN, infinite, negative) starts at once. `checkedAnimate` reports both instead.
        let loop = Loop.current
        let excluded = Set((exclude ?? []).map(ObjectIdentifier.init))
        let timed = sortFunction.timeOffsets(view: view, recursiveDepth: max(0, recursiveDepth))
            .filter { !excluded.contains(ObjectIdentifier($0.spruceView)) }
            .map { t -> TimedView in
                var t = t
                if !(t.timeOffset.isFinite && t.timeOffset >= 0) { t.timeOffset = 0 }
                return t
            }
            .enumerated().sorted { ($0.element.timeOffset, $0.offset) < ($1.element.timeOffset, $1.offset) }
            .map(\.element)
        let expected = (animation as? TimedAnimation).map { EndTimes($0, on: loop) }
        let timings = timed.map { t -> Choreography.Timing in
            let v = t.spruceView
            let center = v.superview.map { $0.convert(v.center, to: view) } ?? v.center
            return Choreography.Timing(view: v.id ?? "\(v.tag)", tag: v.tag, start: t.timeOffset,
                                       end: t.timeOffset + (expected?.duration(startingAt: t.timeOffset) ?? 0),
                                       nominalDuration: (animation as? TimedAnimation)?.nominalDuration,
                                       x: Double(center.x), y: Double(center.y))
        }
        let choreography = Choreography(startTime: loop.time, timings: timings, views: timed.map(\.spruceView))
        ChoreographyLog.record(choreography)
        guard !timed.isEmpty else {
            loop.schedule(after: 0) { choreography.isFinished = true; completion?(true) }
            return choreography
        }
        // The completions outlive this call on the loop's animators: they keep a flag, not `expected` (which
        // holds the loop, and would make loop → animator → completion → loop a cycle).
        let endsKnown = expected != nil
        for (index, t) in timed.enumerated() {
            prepare?(t.spruceView)
            let isLast = index == timed.count - 1
            animation.animate(delay: t.timeOffset, view: t.spruceView) { [unowned loop] finished in
                if !endsKnown { choreography.recordEnd(of: index, at: loop.time) }
                if isLast {
                    choreography.isFinished = true
                    completion?(finished)
                }
            }
        }
        return choreography
    }

    /// `animate(withSortFunction:…)` that first checks what it is given and throws a `SpruceError` naming
    /// the problem: a negative depth, a sort function's bad parameters or offsets, a bad animation duration.
    @discardableResult
    public func checkedAnimate(withSortFunction sortFunction: SortFunction, prepare: PrepareHandler? = nil,
                               animation: Animation, exclude: [View]? = nil, recursiveDepth: Int = 0,
                               completion: CompletionHandler? = nil) throws -> Choreography {
        _ = try sortFunction.checkedTimeOffsets(view: view, recursiveDepth: recursiveDepth)
        if let timed = animation as? TimedAnimation {
            let d = timed.expectedDuration
            guard d.isFinite, d >= 0 else { throw SpruceError.invalidParameter("duration", d) }
        }
        return animate(withSortFunction: sortFunction, prepare: prepare, animation: animation, exclude: exclude,
                       recursiveDepth: recursiveDepth, completion: completion)
    }

    /// The views a sort function would animate at this depth, in its order.
    func subviews(recursiveDepth: Int) -> [View] {
        SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth).map(\.view)
    }
}
