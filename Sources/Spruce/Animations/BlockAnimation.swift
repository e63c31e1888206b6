import Advance
import Foundation

/// How a block animation gets from the recorded start to the recorded end. Progress runs 0 → 1.
public enum AnimationCurve {
    /// A timed animation along a timing curve, as `UIView.animate(withDuration:…)`.
    case timing(TimingFunction, duration: TimeInterval)
    /// A spring on progress (mass 1), as `UIView.animate(…usingSpringWithDamping:…)`;
    /// `initialVelocity` is in progress per second (1 = the whole distance in one second).
    case spring(SpringParameters, initialVelocity: Double, threshold: Double)
}

/// UIKit's animation block, offline: the change function runs at once and its changes are recorded,
/// the views are put back, and from `delay` on the loop moves them from where they are then to the
/// recorded values. A block that starts animating a property another block is animating takes that
/// property over; a block left with no property is interrupted (completion `false`), as in UIKit.
final class BlockAnimation {
    let view: View
    let change: SubtreeChange
    let curve: AnimationCurve
    let completion: ((Bool) -> Void)?
    /// Unowned: the loop owns a running animator, and the animator owns this block through `onChange` until the
    /// block ends, which lets go of it. Not weak: a weak reference gives the animator a side table, and every
    /// retain of it, the loop's at every step among them, would take the runtime's slow path.
    private unowned var animator: Animator<Double>?
    private var from: [AnimatableState] = []
    /// Each entry's transform, from its start to its target, with both ends decomposed once.
    private var transforms: [Interpolation<CGAffineTransform>] = []
    /// What this block still animates on each entry's view (others may have taken properties over).
    private var masks: [AnimatableState.Changes] = []
    private var done = false

    init(view: View, change: SubtreeChange, curve: AnimationCurve, completion: ((Bool) -> Void)?) {
        (self.view, self.change, self.curve, self.completion) = (view, change, curve, completion)
    }

    /// Schedules the block on `loop`, `delay` seconds from the loop's current time.
    /// A delay or duration that is not finite and ≥ 0 is reported (see `Diagnostics`) and counts as 0; a spring too
    /// stiff for the simulation (`SpringParameters.settlesOnSimulationTicks`) is reported once and slowed until it is not.
    static func run(on view: View, delay: TimeInterval, curve: AnimationCurve, loop: Loop,
                    changes: (View) -> Void, completion: ((Bool) -> Void)?) {
        var curve = curve
        if case .timing(let timing, let duration) = curve, !(duration.isFinite && duration >= 0) {
            Diagnostics.report("animation duration must be finite and ≥ 0, got \(duration); using 0")
            curve = .timing(timing, duration: 0)
        }
        if case .spring(let parameters, let velocity, let threshold) = curve, !parameters.settlesOnSimulationTicks,
           parameters.slowedToSettleOnSimulationTicks != parameters {
            // RK4 on 0.008 s substeps would run this spring off to infinity; the same spring, slower, settles.
            let slowed = parameters.slowedToSettleOnSimulationTicks
            Diagnostics.reportOnce("a spring of tension \(parameters.tension) and damping \(parameters.damping) is too stiff for the "
                                   + "120 Hz simulation (its motion would grow without bound); using tension \(slowed.tension) "
                                   + "and damping \(slowed.damping), the same spring slowed until it settles")
            curve = .spring(slowed, initialVelocity: velocity, threshold: threshold)
        }
        var start = delay
        if !(delay.isFinite && delay >= 0) {
            Diagnostics.report("animation delay must be finite and ≥ 0, got \(delay); using 0")
            start = 0
        }
        let block = BlockAnimation(view: view, change: SubtreeChange.record(view, changes), curve: curve, completion: completion)
        // Without a delay the block starts now, as UIKit's does: scheduled for the current time from inside
        // a loop callback it would wait for the loop's next pass, which starts at the next frame's time.
        if start == 0 { block.start(loop: loop); return }
        // The loop keeps the callback; a strong reference back would keep a loop that is never advanced (a
        // measuring dry run) alive forever, with its views and animations (found by the scene fuzzer's leak check).
        loop.schedule(at: loop.time + start) { [block, weak loop] in
            if let loop { block.start(loop: loop) }
        }
    }

    private func start(loop: Loop) {
        masks = change.entries.map(\.changes)
        for entry in change.entries {
            for case let other as BlockAnimation in entry.view.runningAnimations.map(\.object) where other !== self {
                other.give(up: entry.changes, on: entry.view)
            }
            entry.view.runningAnimations.removeAll { $0.object == nil }
            entry.view.runningAnimations.append(WeakAnimation(object: self))
        }
        from = change.entries.map { AnimatableState($0.view) }
        transforms = zip(from, change.entries).map { Interpolation(from: $0.transform, to: $1.target.transform) }
        let progress = Animator(initialValue: 0.0, loop: loop)
        progress.onChange = { p in self.apply(p) }  // the running animator keeps this block alive
        animator = progress
        let finish: (AnimationResult) -> Void = { [weak self] result in self?.end(result.isFinished) }
        switch curve {
        case .timing(let timing, let duration):
            progress.animate(to: 1, duration: duration, timingFunction: timing, completion: finish)
        case .spring(let parameters, let velocity, let threshold):
            let spring = SpringFunction(target: 1.0, tension: parameters.tension, damping: parameters.damping, threshold: threshold)
            progress.simulate(using: spring, initialVelocity: velocity, completion: finish)
        }
    }

    private func apply(_ p: Double) {
        for (i, entry) in change.entries.enumerated() where !masks[i].isEmpty {
            AnimatableState.apply(masks[i], from: from[i], to: entry.target, progress: p, transform: transforms[i],
                                  on: entry.view)
        }
    }

    /// Another block now animates `properties` of `view`; with nothing left to animate, stop.
    private func give(up properties: AnimatableState.Changes, on view: View) {
        for (i, entry) in change.entries.enumerated() where entry.view === view {
            masks[i].subtract(properties)
        }
        if masks.allSatisfy(\.isEmpty) {
            animator?.onChange = nil
            animator?.cancelRunningAnimation()
        }
    }

    private func end(_ finished: Bool) {
        guard !done else { return }
        done = true
        if finished { apply(1) }
        for entry in change.entries { entry.view.runningAnimations.removeAll { $0.object === self || $0.object == nil } }
        animator?.onChange = nil
        animator = nil
        completion?(finished)
    }
}

extension View {
    /// Animates what `changes` does to this view and its subviews, on `Loop.current`: UIKit's
    /// `UIView.animate(withDuration:delay:animations:completion:)` for one view.
    public func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                        timingFunction: TimingFunction = .easeInEaseOut,
                        changes: (View) -> Void, completion: ((Bool) -> Void)? = nil) {
        BlockAnimation.run(on: self, delay: delay, curve: .timing(timingFunction, duration: duration),
                           loop: .current, changes: changes, completion: completion)
    }

    /// The same with a spring of any curve (see `SpringAnimation` for UIKit's duration-based spring).
    public func animate(curve: AnimationCurve, delay: TimeInterval = 0,
                        changes: (View) -> Void, completion: ((Bool) -> Void)? = nil) {
        BlockAnimation.run(on: self, delay: delay, curve: curve, loop: .current, changes: changes, completion: completion)
    }
}
