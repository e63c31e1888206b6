/// Friction without a target: `a = −drag·v`. Motion fades and stops wherever it gets to (analytically
/// `x0 + v0/drag`), once the velocity's length is below `threshold` — a flick that glides to a halt.
public struct DecayFunction<T: VectorConvertible>: SimulationFunction, Equatable {
    /// The speed below which the motion counts as stopped, in value units per second (default 0.1).
    ///
    /// Precondition on every change: finite and > 0.
    public var threshold: Double {
        didSet { Check.precondition { try Check.positive(threshold, "threshold") } }
    }
    /// The friction coefficient: acceleration is `−drag` times the velocity (default 3). 0 keeps the velocity for ever.
    ///
    /// Precondition on every change: finite and ≥ 0.
    public var drag: Double {
        didSet { Check.precondition { try Check.nonNegative(drag, "drag") } }
    }

    /// Precondition: threshold finite and > 0, drag finite and ≥ 0; `validated(threshold:drag:)` throws instead.
    public init(threshold: Double = 0.1, drag: Double = 3.0) {
        Check.precondition { try Self.check(threshold: threshold, drag: drag) }
        self.threshold = threshold
        self.drag = drag
    }

    /// The checked twin of ``init(threshold:drag:)``: throws ``InvalidParameterError`` naming the bad parameter instead
    /// of stopping the program.
    public static func validated(threshold: Double = 0.1, drag: Double = 3.0) throws -> DecayFunction {
        try check(threshold: threshold, drag: drag)
        return DecayFunction(threshold: threshold, drag: drag)
    }

    static func check(threshold: Double, drag: Double) throws {
        try Check.positive(threshold, "threshold")
        try Check.nonNegative(drag, "drag")
    }

    /// The friction: `−drag · velocity`, whatever the value.
    public func acceleration(value: T.VectorType, velocity: T.VectorType) -> T.VectorType {
        (-drag) * velocity
    }

    /// Rests where the value is once the velocity's length is below ``threshold``; keeps running otherwise.
    public func convergence(value: T.VectorType, velocity: T.VectorType) -> Convergence<T> {
        velocity.magnitudeSquared < threshold * threshold ? .converge(atValue: value) : .keepRunning
    }
}
