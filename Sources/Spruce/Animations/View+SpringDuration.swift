import Advance
import Foundation

extension View {
    /// UIKit's iOS 17 `UIView.animate(springDuration:bounce:initialSpringVelocity:delay:…)`, on `Loop.current`:
    /// the spring of `SpringParameters(duration:bounce:)` (its mapping is documented there) on the
    /// animation's progress, `initialSpringVelocity` in progress per second, at rest within 1/1000.
    /// Precondition: `springDuration` finite and > 0, −1 < `bounce` ≤ 1.
    public func animate(springDuration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
                        delay: TimeInterval = 0, changes: (View) -> Void, completion: ((Bool) -> Void)? = nil) {
        let parameters = SpringParameters(duration: springDuration, bounce: Double(bounce))
        let velocity = initialSpringVelocity.isFinite ? Double(initialSpringVelocity) : 0
        animate(curve: .spring(parameters, initialVelocity: velocity, threshold: SpringAnimation.progressThreshold),
                delay: delay, changes: changes, completion: completion)
    }
}
