import Advance
import Foundation

/// A timed animation along UIKit's ease-out curve, cubic bezier (0, 0, 0.58, 1), as Spruce's
/// `StandardAnimation` runs `UIView.animate(withDuration:delay:options: .curveEaseOut)`.
public struct StandardAnimation: TimedAnimation {
    public var changeFunction: ChangeFunction?
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

    public init(duration: TimeInterval, changes: @escaping ChangeFunction) {
        self.init(duration: duration)
        changeFunction = changes
    }

    public static func validated(duration: TimeInterval) throws -> StandardAnimation {
        guard duration.isFinite, duration >= 0 else { throw SpruceError.invalidParameter("duration", duration) }
        return StandardAnimation(duration: duration)
    }

    public var expectedDuration: TimeInterval { duration }

    public func animate(delay: TimeInterval, view: View, completion: CompletionHandler?) {
        BlockAnimation.run(on: view, delay: delay, curve: .timing(timingFunction, duration: duration), loop: .current,
                           changes: { changeFunction?($0) }, completion: completion)
    }
}
