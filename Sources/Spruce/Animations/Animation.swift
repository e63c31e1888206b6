import Advance
import Foundation

/// Changes a view's properties to their final values; inside an animation the changes are animated.
public typealias ChangeFunction = (_ view: View) -> Void
/// Called when an animation ends: `finished` is true when it ran to its end, false when it was interrupted.
public typealias CompletionHandler = (_ finished: Bool) -> Void
/// Puts a view in its starting state before its animation begins.
public typealias PrepareHandler = (_ view: View) -> Void

/// How one view animates: Spruce sets `changeFunction` and calls `animate` for every view with its
/// sort-function delay. Implement it for animations of your own; run them on `Loop.current`.
public protocol Animation {
    /// Starts animating `view` with ``changeFunction`` after `delay` seconds on `Loop.current`, calling `completion`
    /// once when the animation ends.
    func animate(delay: TimeInterval, view: View, completion: CompletionHandler?)
    /// The changes the animation animates; Spruce sets it from the stock animations before calling
    /// ``animate(delay:view:completion:)``.
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
    /// The default: ``expectedDuration``, wherever the start falls between frames.
    public func expectedDuration(startingAt start: TimeInterval, on loop: Loop) -> TimeInterval { expectedDuration }
    /// The default: nil, the animation takes the duration it was asked for.
    public var nominalDuration: TimeInterval? { nil }
}
