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
    /// Seconds from the animation's start to its end.
    var expectedDuration: TimeInterval { get }
}
