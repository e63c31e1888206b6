import Advance
import Foundation
import Geometry
import Spruce

extension LimitViolation {
    /// A spring too stiff for the 120 Hz simulation (`SpringParameters.settlesOnSimulationTicks`): a large damping
    /// ratio or a short duration makes its motion grow without bound instead of settling. The message gives the
    /// shortest duration that settles at this damping.
    static func stiffSpring(damping: Double, duration: Double) -> LimitViolation? {
        guard !settles(damping: damping, duration: duration) else { return nil }
        var message = "a spring of damping \(Checked.text(damping)) is too stiff at \(Checked.text(duration)) seconds "
            + "for the 120 Hz simulation (its motion would grow without bound instead of settling)"
        if let shortest = shortestSettlingDuration(damping: damping, above: duration) {
            message += "; at this damping it needs at least \(Checked.text(shortest)) seconds"
        }
        return LimitViolation("animationDuration", message)
    }

    static func settles(damping: Double, duration: Double) -> Bool {
        var spring = SpringAnimation(duration: duration)
        spring.damping = CGFloat(damping)
        return spring.springParameters.settlesOnSimulationTicks
    }

    /// The shortest duration, in whole milliseconds, at which the spring settles: a longer duration slows both
    /// modes in proportion, so the answer is found by halving an interval.
    static func shortestSettlingDuration(damping: Double, above duration: Double) -> Double? {
        var (low, high) = (duration, max(duration, 0.001))
        while !settles(damping: damping, duration: high) {
            if high >= SceneLimits.maximumFilmSeconds { return nil }
            (low, high) = (high, min(high * 2, SceneLimits.maximumFilmSeconds))
        }
        for _ in 0..<60 where high - low > 1e-6 {
            let middle = (low + high) / 2
            if settles(damping: damping, duration: middle) { high = middle } else { low = middle }
        }
        var milliseconds = (high * 1000).rounded(.up) / 1000
        for _ in 0..<1000 where !settles(damping: damping, duration: milliseconds) { milliseconds += 0.001 }
        return settles(damping: damping, duration: milliseconds) ? milliseconds : nil
    }
}
