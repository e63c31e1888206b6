import Advance
import Foundation

/// A timed animation along UIKit's ease-out curve, cubic bezier (0, 0, 0.58, 1), as Spruce's
/// `StandardAnimation` runs `UIView.animate(withDuration:delay:options: .curveEaseOut)`.
public struct StandardAnimation: TimedAnimation {
    /// The changes the animation animates.
    public var changeFunction: ChangeFunction?
    /// Seconds from the view's start to its end.
    public var duration: TimeInterval
    /// UIKit's `.curveEaseOut` by default; any Advance curve (`.easeInOutBack`, a custom bezier…) works.
    public var timingFunction: TimingFunction = .easeOut

    /// A `duration` that is not finite and ≥ 0 is reported (see `Diagnostics`) and replaced by 0, which
    /// jumps to the end; `validated(duration:)` throws instead.
    public init(duration: TimeInterval) {
        if duration.isFinite && duration >= 0 {
            self.duration = duration
        } else {
            Diagnostics.report("StandardAnimation: duration must be finite and ≥ 0, got \(duration); using 0")
            self.duration = 0
        }
    }

    /// An ease-out animation of `changes` over `duration` seconds.
    public init(duration: TimeInterval, changes: @escaping ChangeFunction) {
        self.init(duration: duration)
        changeFunction = changes
    }

    /// The checked twin of ``init(duration:)``: throws ``SpruceError/invalidParameter(_:_:)`` unless `duration` is
    /// finite and ≥ 0.
    public static func validated(duration: TimeInterval) throws -> StandardAnimation {
        guard duration.isFinite, duration >= 0 else { throw SpruceError.invalidParameter("duration", duration) }
        return StandardAnimation(duration: duration)
    }

    /// ``duration``: a timed animation ends exactly when asked.
    public var expectedDuration: TimeInterval { duration }

    /// Runs the changes on `view` along ``timingFunction`` over ``duration`` after `delay` seconds on `Loop.current`;
    /// `completion` gets true at the end, false when a newer animation of the same properties takes over.
    public func animate(delay: TimeInterval, view: View, completion: CompletionHandler?) {
        BlockAnimation.run(on: view, delay: delay, curve: .timing(timingFunction, duration: duration), loop: .current,
                           changes: { changeFunction?($0) }, completion: completion)
    }
}
