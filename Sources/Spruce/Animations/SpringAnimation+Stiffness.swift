import Advance
import Foundation

/// Springs too stiff for the 120 Hz simulation (`SpringParameters.settlesOnSimulationTicks`): a large damping ratio
/// or a short duration makes RK4's numbers grow without bound instead of settling. `validated(...)` and scene files
/// refuse them; a spring built without a check runs at the shortest duration that settles, reported once.
extension SpringAnimation {
    /// The type's spring for a duration and damping ratio ζ: ω = ln(1000) / (r · duration), tension ω², damping 2ζω.
    static func parameters(duration: TimeInterval, damping zeta: Double) -> SpringParameters {
        let rate = zeta < 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
        let omega = log(1000) / (rate * duration)
        return SpringParameters(tension: omega * omega, damping: 2 * zeta * omega)
    }

    /// Whether a spring of this duration and damping ratio settles on the simulation's 0.008 s substeps.
    public static func settles(duration: TimeInterval, damping: Double) -> Bool {
        guard duration.isFinite, duration > 0, damping.isFinite, damping > 0 else { return false }
        return parameters(duration: duration, damping: damping).settlesOnSimulationTicks
    }

    /// The shortest duration, in whole milliseconds, at which a spring of this damping ratio settles. Both modes
    /// are proportional to 1/duration, so it is the faster mode at one second over `fastestFollowedRate`, rounded
    /// up. nil for a damping ratio that is not finite and > 0, or one so small or large that no duration is finite.
    public static func shortestSettlingDuration(damping: Double) -> TimeInterval? {
        guard damping.isFinite, damping > 0 else { return nil }
        let estimate = parameters(duration: 1, damping: damping).fastestModeRate / SpringParameters.fastestFollowedRate
        guard estimate.isFinite, estimate < 1e12 else { return nil }
        var milliseconds = max(1, (estimate * 1000).rounded(.up))
        // Rounding in the spring's formula can put the edge a millisecond either side of the estimate.
        if settles(duration: (milliseconds - 1) / 1000, damping: damping) { milliseconds -= 1 }
        for _ in 0..<3 where !settles(duration: milliseconds / 1000, damping: damping) { milliseconds += 1 }
        return settles(duration: milliseconds / 1000, damping: damping) ? milliseconds / 1000 : nil
    }
}
