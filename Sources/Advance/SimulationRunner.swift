/// A running simulation for values of type `Value`, whatever its function: one virtual call per frame,
/// and the physics inside runs specialised.
class SimulationRunner<Value: VectorConvertible> {
    typealias V = Value.VectorType

    /// Advances the clock to `time`; returns whether it came to rest (checked only when `isFrameEnd`,
    /// as in Advance).
    func advance(to time: Double, isFrameEnd: Bool) -> Bool { fatalError("abstract") }
    var output: PhaseState<V> { fatalError("abstract") }
    var snapshot: SimulationSnapshot<V> { fatalError("abstract") }
    var hasConverged: Bool { fatalError("abstract") }
    /// Substeps integrated so far.
    var substeps: Int { fatalError("abstract") }
    /// The exact value to report at rest, when the function knows it (a spring's `target`, which a
    /// decomposed transform's vector would only reproduce to rounding).
    var restingValue: Value? { nil }

    /// A runner for `function`, on the fast path when possible.
    static func make<F: SimulationFunction>(_ function: F, continuing start: SimulationSnapshot<V>) -> SimulationRunner
    where F.Value == Value {
        if V.scalarCount <= 8, let linear = function as? LinearizableFunction {
            let (f, rest) = linear.linearized(start: start.current.value)
            return FastSimulationRunner<Value>(f, start: start, restingValue: rest as? Value)
        }
        return GenericSimulationRunner(function, start: start)
    }
}

final class FastSimulationRunner<Value: VectorConvertible>: SimulationRunner<Value> {
    private var simulation: Simulation<LinearFunction>
    private let exactRest: Value?

    init(_ function: LinearFunction, start: SimulationSnapshot<V>, restingValue: Value?) {
        simulation = Simulation(function: function, continuing: start.map { SIMD8(padding: $0) })
        exactRest = restingValue
    }

    override func advance(to time: Double, isFrameEnd: Bool) -> Bool {
        simulation.advance(to: time, isFrameEnd: isFrameEnd)
    }
    override var output: PhaseState<V> { lanes() }

    @_specialize(where Value == Double)
    private func lanes() -> PhaseState<V> {
        let o = simulation.output
        return PhaseState(value: o.value.truncated(to: V.self), velocity: o.velocity.truncated(to: V.self))
    }
    override var snapshot: SimulationSnapshot<V> { simulation.snapshot.map { $0.truncated(to: V.self) } }
    override var hasConverged: Bool { simulation.hasConverged }
    override var substeps: Int { simulation.substeps }
    override var restingValue: Value? { exactRest }
}

final class GenericSimulationRunner<F: SimulationFunction>: SimulationRunner<F.Value> {
    private var simulation: Simulation<F>

    init(_ function: F, start: SimulationSnapshot<V>) {
        simulation = Simulation(function: function, continuing: start)
    }

    override func advance(to time: Double, isFrameEnd: Bool) -> Bool {
        simulation.advance(to: time, isFrameEnd: isFrameEnd)
    }
    override var output: PhaseState<V> { simulation.output }
    override var snapshot: SimulationSnapshot<V> { simulation.snapshot }
    override var hasConverged: Bool { simulation.hasConverged }
    override var substeps: Int { simulation.substeps }
}
