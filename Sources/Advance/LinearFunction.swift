/// The fast path: springs and decay are the same linear law `a = −k·(x − target) − c·v`, so any
/// `SpringFunction<T>` or `DecayFunction<T>` of up to 8 lanes runs as this one concrete function on
/// zero-padded `SIMD8` lanes. The compiler specialises it fully, where a user type's generic RK4 would
/// go through SIMD witness tables (orders of magnitude slower with 10,000 animators per frame).
///
/// It computes the same expressions lane by lane as the generic functions, and padding lanes stay
/// exactly 0, so results are bit-identical to running the original function (a test checks this).
struct LinearFunction: SimulationFunction {
    enum Kind { case spring, decay }

    var kind: Kind
    var tension: Double
    var damping: Double
    var threshold: Double
    var target: SIMD8<Double>

    func acceleration(value: SIMD8<Double>, velocity: SIMD8<Double>) -> SIMD8<Double> {
        switch kind {
        case .spring: return (-tension) * (value - target) - damping * velocity
        case .decay: return (-damping) * velocity
        }
    }

    func convergence(value: SIMD8<Double>, velocity: SIMD8<Double>) -> Convergence<Lanes8> {
        let limit = threshold * threshold
        switch kind {
        case .spring:
            if velocity.magnitudeSquared > limit { return .keepRunning }
            if (value - target).magnitudeSquared > limit { return .keepRunning }
            return .converge(atValue: target)
        case .decay:
            return velocity.magnitudeSquared < limit ? .converge(atValue: value) : .keepRunning
        }
    }
}

/// Eight raw lanes, the value type of `LinearFunction`.
struct Lanes8: VectorConvertible {
    var vector: SIMD8<Double>
    init(vector: SIMD8<Double>) { self.vector = vector }
}

/// Built-in functions that can run on the fast path.
protocol LinearizableFunction {
    /// The equivalent linear function for a simulation starting at `start` (the value's vector), and the
    /// exact value to rest at when known.
    func linearized(start: Any) -> (function: LinearFunction, restingValue: Any?)
}

extension SpringFunction: LinearizableFunction {
    func linearized(start: Any) -> (function: LinearFunction, restingValue: Any?) {
        // Periodic lanes (a transform's angle) aim at the target's turn nearest the start.
        let aimed = (start as? T.VectorType).map { target.vector(nearestTo: $0) } ?? targetVector
        let f = LinearFunction(kind: .spring, tension: tension, damping: damping, threshold: threshold,
                               target: SIMD8(padding: aimed))
        return (f, target)
    }
}

extension DecayFunction: LinearizableFunction {
    func linearized(start: Any) -> (function: LinearFunction, restingValue: Any?) {
        (LinearFunction(kind: .decay, tension: 0, damping: drag, threshold: threshold, target: .zero), nil)
    }
}
