import Advance
import Foundation

public typealias ChangeFunction = (_ view: View) -> Void
public typealias CompletionHandler = (_ finished: Bool) -> Void
public typealias PrepareHandler = (_ view: View) -> Void

/// How one view animates: Spruce sets `changeFunction` and calls `animate` for every view with its
/// sort-function delay. Implement it for animations of your own; run them on `Loop.current`.
public protocol Animation {
    func animate(delay: TimeInterval, view: View, completion: CompletionHandler?)
    var changeFunction: ChangeFunction? { get set }
}

/// Animations that know how long they take, so timings can be exported without running them.
public protocol TimedAnimation: Animation {
    /// Seconds from the animation's start to its end, on no particular clock (a spring: its settling
    /// time to the substep).
    var expectedDuration: TimeInterval { get }
    /// Seconds from a start at loop time `start` on `loop` to the frame on which the animation really
    /// ends there (a spring rests on a frame end); `expectedDuration` unless the type knows better.
    func expectedDuration(startingAt start: TimeInterval, on loop: Loop) -> TimeInterval
    /// The duration the animation was asked for when it differs in kind from when it ends (a spring's
    /// nominal duration), for timing exports to show beside the real end; nil by default.
    var nominalDuration: TimeInterval? { get }
}

extension TimedAnimation {
    public func expectedDuration(startingAt start: TimeInterval, on loop: Loop) -> TimeInterval { expectedDuration }
    public var nominalDuration: TimeInterval? { nil }
}
