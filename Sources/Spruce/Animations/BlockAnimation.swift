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
/// recorded values. A new block on the same view interrupts the running one (completion `false`).
final class BlockAnimation {
    let view: View
    let change: SubtreeChange
    let curve: AnimationCurve
    let completion: ((Bool) -> Void)?
    private var animator: Animator<Double>?
    private var from: [AnimatableState] = []
    private var done = false

    init(view: View, change: SubtreeChange, curve: AnimationCurve, completion: ((Bool) -> Void)?) {
        (self.view, self.change, self.curve, self.completion) = (view, change, curve, completion)
    }

    /// Schedules the block on `loop`, `delay` seconds from the loop's current time.
    static func run(on view: View, delay: TimeInterval, curve: AnimationCurve, loop: Loop,
                    changes: (View) -> Void, completion: ((Bool) -> Void)?) {
        let block = BlockAnimation(view: view, change: SubtreeChange.record(view, changes), curve: curve, completion: completion)
        loop.schedule(at: loop.time + max(0, delay)) { [block] in block.start(loop: loop) }
    }

    private func start(loop: Loop) {
        (view.runningAnimation as? BlockAnimation)?.interrupt()
        view.runningAnimation = self
        from = change.entries.map { AnimatableState($0.view) }
        let progress = Animator(initialValue: 0.0, loop: loop)
        progress.onChange = { [unowned self] p in self.apply(p) }
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
        for (entry, start) in zip(change.entries, from) {
            AnimatableState.apply(entry.changes, from: start, to: entry.target, progress: p, on: entry.view)
        }
    }

    private func interrupt() {
        animator?.onChange = nil
        animator?.cancelRunningAnimation()
    }

    private func end(_ finished: Bool) {
        guard !done else { return }
        done = true
        if finished { apply(1) }
        if view.runningAnimation === self { view.runningAnimation = nil }
        animator?.onChange = nil
        completion?(finished)
    }
}

extension View {
    /// Animates what `changes` does to this view and its subviews, on `Loop.current`: UIKit's
    /// `UIView.animate(withDuration:delay:animations:completion:)` for one view.
    public func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                        timingFunction: TimingFunction = .easeInEaseOut,
                        changes: (View) -> Void, completion: ((Bool) -> Void)? = nil) {
        precondition(duration.isFinite && duration >= 0, "duration must be finite and ≥ 0, got \(duration)")
        precondition(delay.isFinite && delay >= 0, "delay must be finite and ≥ 0, got \(delay)")
        BlockAnimation.run(on: self, delay: delay, curve: .timing(timingFunction, duration: duration),
                           loop: .current, changes: changes, completion: completion)
    }

    /// The same with a spring of any curve (see `SpringAnimation` for UIKit's duration-based spring).
    public func animate(curve: AnimationCurve, delay: TimeInterval = 0,
                        changes: (View) -> Void, completion: ((Bool) -> Void)? = nil) {
        precondition(delay.isFinite && delay >= 0, "delay must be finite and ≥ 0, got \(delay)")
        BlockAnimation.run(on: self, delay: delay, curve: curve, loop: .current, changes: changes, completion: completion)
    }
}
