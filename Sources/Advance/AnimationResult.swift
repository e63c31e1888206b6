/// How an animation ended: it reached its end (`finished`), or something replaced or stopped it first
/// (`interrupted`: a new animation, `cancelRunningAnimation()`, or setting `value`).
public enum AnimationResult: Equatable, Sendable {
    /// The animation reached its end.
    case finished
    /// Something stopped or replaced the animation before its end.
    case interrupted

    /// UIKit's completion flag.
    public var isFinished: Bool { self == .finished }
}

/// What an animator is doing.
public enum AnimationState: Equatable, Sendable {
    /// Not moving: no animation or simulation runs.
    case atRest
    /// Running a timed animation.
    case animating
    /// Running a simulation (spring, decay …).
    case simulating
}
