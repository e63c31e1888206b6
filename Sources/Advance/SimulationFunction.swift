/// A physical model that moves a vector over time: Advance integrates its acceleration (RK4, fixed
/// 0.008 s substeps) and asks it after every substep whether the motion may come to rest.
///
/// Conform to add your own physics; `SpringFunction` and `DecayFunction` are the built-in ones.
public protocol SimulationFunction {
    /// The type of value the function moves.
    associatedtype Value: VectorConvertible

    /// Acceleration (units per second²) for the given state.
    func acceleration(value: Value.VectorType, velocity: Value.VectorType) -> Value.VectorType

    /// Whether the simulation may stop in this state, and where.
    func convergence(value: Value.VectorType, velocity: Value.VectorType) -> Convergence<Value>
}

/// A simulation function's verdict on a state.
public enum Convergence<T: VectorConvertible> {
    /// Keep simulating: the motion is not yet at rest.
    case keepRunning
    /// Stop, at exactly this value, with zero velocity.
    case converge(atValue: T.VectorType)
}
