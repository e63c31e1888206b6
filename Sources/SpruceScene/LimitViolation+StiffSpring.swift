import Advance
import Foundation
import Geometry
import Spruce

extension LimitViolation {
    /// A spring too stiff for the 120 Hz simulation (`SpringAnimation.settles`): a large damping ratio or a short
    /// duration makes its motion grow without bound instead of settling. The message gives the shortest duration
    /// that settles at this damping, when a film could last that long.
    static func stiffSpring(damping: Double, duration: Double) -> LimitViolation? {
        guard !SpringAnimation.settles(duration: duration, damping: damping) else { return nil }
        var message = "a spring of damping \(Checked.text(damping)) is too stiff at \(Checked.text(duration)) seconds "
            + "for the 120 Hz simulation (its motion would grow without bound instead of settling)"
        if let shortest = SpringAnimation.shortestSettlingDuration(damping: damping), shortest <= SceneLimits.maximumFilmSeconds {
            message += "; at this damping it needs at least \(Checked.text(shortest)) seconds"
        }
        return LimitViolation("animationDuration", message)
    }
}
