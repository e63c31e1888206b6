/// A damped spring of mass 1 pulling towards `target`: `a = −tension·(x − target) − damping·v`.
///
/// It comes to rest, snapping to exactly `target` with zero velocity, once both the velocity and the
/// distance to the target are within `threshold` (squared length over all components).
public struct SpringFunction<T: VectorConvertible>: SimulationFunction {
    /// The value the spring pulls towards and snaps to when it comes to rest.
    public var target: T {
        didSet { targetVector = target.vector }
    }
    /// Spring stiffness (Advance's default 120).
    public var tension: Double {
        didSet { Check.precondition { try Check.nonNegative(tension, "tension") } }
    }
    /// Resistance proportional to velocity (Advance's default 12).
    public var damping: Double {
        didSet { Check.precondition { try Check.nonNegative(damping, "damping") } }
    }
    /// How close to rest, per unit of value and velocity, counts as settled (default 0.1).
    public var threshold: Double {
        didSet { Check.precondition { try Check.positive(threshold, "threshold") } }
    }

    private(set) var targetVector: T.VectorType

    /// Precondition: tension and damping finite and ≥ 0, threshold finite and > 0.
    /// `validated(target:tension:damping:threshold:)` throws instead.
    public init(target: T, tension: Double = 120.0, damping: Double = 12.0, threshold: Double = 0.1) {
        Check.precondition { try Self.check(tension: tension, damping: damping, threshold: threshold) }
        self.target = target
        self.targetVector = target.vector
        self.tension = tension
        self.damping = damping
        self.threshold = threshold
    }

    /// The checked twin of `init(target:tension:damping:threshold:)`.
    public static func validated(
        target: T, tension: Double = 120.0, damping: Double = 12.0, threshold: Double = 0.1
    ) throws -> SpringFunction {
        try check(tension: tension, damping: damping, threshold: threshold)
        return SpringFunction(target: target, tension: tension, damping: damping, threshold: threshold)
    }

    static func check(tension: Double, damping: Double, threshold: Double) throws {
        try Check.nonNegative(tension, "tension")
        try Check.nonNegative(damping, "damping")
        try Check.positive(threshold, "threshold")
    }

    /// The spring's pull plus its damping: `−tension · (value − target) − damping · velocity`.
    public func acceleration(value: T.VectorType, velocity: T.VectorType) -> T.VectorType {
        (-tension) * (value - targetVector) - damping * velocity
    }

    /// Converges on exactly ``target`` once both the velocity and the distance to the target are within ``threshold``;
    /// keeps running otherwise.
    public func convergence(value: T.VectorType, velocity: T.VectorType) -> Convergence<T> {
        let limit = threshold * threshold
        if velocity.magnitudeSquared > limit { return .keepRunning }
        if (value - targetVector).magnitudeSquared > limit { return .keepRunning }
        return .converge(atValue: targetVector)
    }
}

extension SpringFunction: Equatable {}
