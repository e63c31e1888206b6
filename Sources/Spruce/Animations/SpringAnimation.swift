import Advance
import Foundation

/// Spruce's `SpringAnimation`: UIKit's `UIView.animate(withDuration:delay:usingSpringWithDamping:
/// initialSpringVelocity:)`, computed by Advance's spring on the animation's progress (0 → 1).
///
/// UIKit never published how it turns a duration into a spring. This project defines it so the
/// spring *settles in `duration`*: its slowest mode decays to 1/1000 of the distance by then.
/// With damping ratio ζ and natural frequency ω (mass 1), that mode decays as e^(−r·ω·t) with
/// r = ζ for ζ < 1 and r = ζ − √(ζ² − 1) for ζ ≥ 1, so
///
///     ω = ln(1000) / (r · duration),   tension = ω²,   damping = 2·ζ·ω.
///
/// The defaults (duration 0.5, ζ 0.5, velocity 0.7) give ω ≈ 27.6, tension ≈ 763.5, damping ≈ 27.6:
/// a 16 % overshoot, as the Spruce example gifs show. The spring's threshold is 1/1000 of progress.
public struct SpringAnimation: TimedAnimation {
    /// The changes the spring animates.
    public var changeFunction: ChangeFunction?
    /// Seconds in which the spring settles to 1/1000 of the distance; the view comes to rest on the first frame after.
    public var duration: TimeInterval
    /// UIKit's `usingSpringWithDamping`: the damping ratio ζ (1 = no overshoot).
    public var damping: CGFloat = 0.5
    /// UIKit's `initialSpringVelocity`: 1.0 = the whole distance in one second.
    public var initialVelocity: CGFloat = 0.7

    /// The spring's rest threshold on progress: within 1/1000 of the end, in both distance and velocity.
    public static let progressThreshold = 0.001

    /// A `duration` that is not finite and > 0 is reported (see `Diagnostics`) and replaced by 0.5, the
    /// Spruce example app's; `validated(duration:damping:initialVelocity:)` throws instead.
    public init(duration: TimeInterval) {
        if duration.isFinite && duration > 0 {
            self.duration = duration
        } else {
            Diagnostics.report("SpringAnimation: duration must be finite and > 0, got \(duration); using 0.5")
            self.duration = 0.5
        }
    }

    /// A spring animation of `changes` that settles in `duration` seconds, with the default damping and velocity.
    public init(duration: TimeInterval, changes: @escaping ChangeFunction) {
        self.init(duration: duration)
        changeFunction = changes
    }

    /// A checked spring animation: throws ``SpruceError/invalidParameter(_:_:)`` unless `duration` is finite and > 0,
    /// `damping` finite and > 0 and `initialVelocity` finite, and ``SpruceError/springTooStiff(duration:damping:)`` for
    /// a spring the simulation cannot settle.
    public static func validated(duration: TimeInterval, damping: CGFloat = 0.5, initialVelocity: CGFloat = 0.7) throws -> SpringAnimation {
        guard duration.isFinite, duration > 0 else { throw SpruceError.invalidParameter("duration", duration) }
        guard damping.isFinite, damping > 0 else { throw SpruceError.invalidParameter("damping", Double(damping)) }
        guard initialVelocity.isFinite else { throw SpruceError.invalidParameter("initialVelocity", Double(initialVelocity)) }
        var a = SpringAnimation(duration: duration)
        (a.damping, a.initialVelocity) = (damping, initialVelocity)
        guard settles(duration: duration, damping: Double(damping)) else {
            throw SpruceError.springTooStiff(duration: duration, damping: Double(damping))
        }
        return a
    }

    /// The (tension, damping) pair this animation's spring runs with; see the type's documentation. A damping ratio
    /// that is not finite and > 0 counts as 0.5, a duration that is not as 0.5 s (as `init` does). A spring too stiff
    /// for the 120 Hz simulation runs at the shortest duration that settles instead, reported once (see
    /// `SpringAnimation+Stiffness.swift`; `validated(...)` throws).
    public var springParameters: SpringParameters {
        let zeta = damping.isFinite && damping > 0 ? Double(damping) : 0.5
        let length = duration.isFinite && duration > 0 ? duration : 0.5
        let requested = Self.parameters(duration: length, damping: zeta)
        guard !requested.settlesOnSimulationTicks, let shortest = Self.shortestSettlingDuration(damping: zeta) else { return requested }
        Diagnostics.reportOnce("SpringAnimation: damping \(zeta) is too stiff at \(length) s for the 120 Hz simulation "
                               + "(its motion would grow without bound); using \(shortest) s, the shortest that settles")
        return Self.parameters(duration: shortest, damping: zeta)
    }

    /// A damping ratio that is not finite and > 0 counts as 0.5, a velocity that is not finite as 0.
    public var curve: AnimationCurve {
        .spring(springParameters, initialVelocity: velocity, threshold: Self.progressThreshold)
    }

    var velocity: Double { initialVelocity.isFinite ? Double(initialVelocity) : 0 }

    /// When the spring comes to rest, checked after every substep: its settling time on no particular
    /// clock (the nominal `duration` is when the slowest mode is down to 1/1000; the threshold rule
    /// stops a little later, about 0.656 s for the default 0.5 s).
    public var expectedDuration: TimeInterval {
        progressSpring.settlingTime(from: 0, velocity: velocity) ?? duration
    }

    /// When the spring started at loop time `start` on `loop` comes to rest there: the frame end at which
    /// Advance's rule finds it converged, the end a film and its timing chart show. A spring that needs more than
    /// a minute of motion is not followed frame by frame: it lasts its settling time (or its nominal duration),
    /// taken on the loop's clock, which below 12.5 frames per second runs longer than the motion it simulates.
    public func expectedDuration(startingAt start: TimeInterval, on loop: Loop) -> TimeInterval {
        guard let rest = progressSpring.restingTime(from: 0, velocity: velocity, on: loop, startingAt: start) else {
            return loop.loopTime(simulating: expectedDuration)
        }
        return rest - start
    }

    /// `duration`: the spring rests later (see `expectedDuration`).
    public var nominalDuration: TimeInterval? { duration }

    /// The spring the animation runs on progress 0 → 1.
    var progressSpring: SpringFunction<Double> {
        SpringFunction(target: 1.0, parameters: springParameters, threshold: Self.progressThreshold)
    }

    /// Runs the changes on `view` along the spring's progress after `delay` seconds on `Loop.current`; `completion`
    /// gets true when the spring comes to rest, false when a newer animation of the same properties takes over.
    public func animate(delay: TimeInterval, view: View, completion: CompletionHandler?) {
        BlockAnimation.run(on: view, delay: delay, curve: curve, loop: .current,
                           changes: { changeFunction?($0) }, completion: completion)
    }
}
