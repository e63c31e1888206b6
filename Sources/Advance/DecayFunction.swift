/// Friction without a target: `a = −drag·v`. Motion fades and stops wherever it gets to (analytically
/// `x0 + v0/drag`), once the velocity's length is below `threshold` — a flick that glides to a halt.
public struct DecayFunction<T: VectorConvertible>: SimulationFunction, Equatable {
    public var threshold: Double {
        didSet { Check.precondition { try Check.positive(threshold, "threshold") } }
    }
    public var drag: Double {
        didSet { Check.precondition { try Check.nonNegative(drag, "drag") } }
    }

    /// Precondition: threshold finite and > 0, drag finite and ≥ 0; `validated(threshold:drag:)` throws instead.
    public init(threshold: Double = 0.1, drag: Double = 3.0) {
        Check.precondition { try Self.check(threshold: threshold, drag: drag) }
        self.threshold = threshold
        self.drag = drag
    }

    public static func validated(threshold: Double = 0.1, drag: Double = 3.0) throws -> DecayFunction {
        try check(threshold: threshold, drag: drag)
        return DecayFunction(threshold: threshold, drag: drag)
    }

    static func check(threshold: Double, drag: Double) throws {
        try Check.positive(threshold, "threshold")
        try Check.nonNegative(drag, "drag")
    }

    public func acceleration(value: T.VectorType, velocity: T.VectorType) -> T.VectorType {
        (-drag) * velocity
    }

    public func convergence(value: T.VectorType, velocity: T.VectorType) -> Convergence<T> {
        velocity.magnitudeSquared < threshold * threshold ? .converge(atValue: value) : .keepRunning
    }
}
