/// The fixed internal timestep: 120 Hz, whatever the frame rate.
let simulationTick: Double = 0.008
/// At most this much time is simulated per frame (10 substeps), as in Advance: a stalled frame
/// slows the motion down rather than letting it jump.
let maximumFrameStep: Double = 0.08

struct PhaseState<V: SIMD> where V.Scalar == Double {
    var value: V
    var velocity: V
}

/// Everything a running simulation carries from frame to frame, to hand over to a new function.
struct SimulationSnapshot<V: SIMD> where V.Scalar == Double {
    var previous: PhaseState<V>
    var current: PhaseState<V>
    var output: PhaseState<V>
    var accumulator: Double

    init(previous: PhaseState<V>, current: PhaseState<V>, output: PhaseState<V>, accumulator: Double) {
        (self.previous, self.current, self.output, self.accumulator) = (previous, current, output, accumulator)
    }

    /// A simulation starting now from rest-free state `s`.
    init(starting s: PhaseState<V>) {
        self.init(previous: s, current: s, output: s, accumulator: 0)
    }

    func map<W>(_ f: (V) -> W) -> SimulationSnapshot<W> {
        func m(_ p: PhaseState<V>) -> PhaseState<W> { PhaseState(value: f(p.value), velocity: f(p.velocity)) }
        return SimulationSnapshot<W>(previous: m(previous), current: m(current), output: m(output), accumulator: accumulator)
    }
}

extension SimulationFunction {
    typealias State = PhaseState<Value.VectorType>

    /// One classic RK4 step of `h` seconds.
    ///
    /// FIX: Advance's master branch omits the first slope (weights (2(k2+k3)+k4)/6), which makes its
    /// springs run about 17% slow; this uses the correct (k1 + 2(k2+k3) + k4)/6, as Advance 3.1.1 does.
    @inline(__always)
    func rk4Step(_ s: State, h: Double) -> State {
        let x = s.value, v = s.velocity
        let half = h * 0.5
        let a1 = acceleration(value: x, velocity: v)
        let v2 = v + half * a1
        let a2 = acceleration(value: x + half * v, velocity: v2)
        let v3 = v + half * a2
        let a3 = acceleration(value: x + half * v2, velocity: v3)
        let v4 = v + h * a3
        let a4 = acceleration(value: x + h * v3, velocity: v4)
        let dxdt = (1.0 / 6.0) * (v + 2.0 * (v2 + v3) + v4)
        let dvdt = (1.0 / 6.0) * (a1 + 2.0 * (a2 + a3) + a4)
        return State(value: x + h * dxdt, velocity: v + h * dvdt)
    }
}

/// A simulation in flight: fixed substeps with an accumulator, the output interpolated between the
/// last two substep states (the integrator runs up to one substep ahead of the clock).
///
/// As in Advance, convergence is checked once per frame, on the newest substep state after all of the
/// frame's substeps (Advance's `Simulation.advance(by:)` integrates its whole catch-up, then calls
/// `convergeIfPossible()`). So the frame on which a spring comes to rest depends on the frame rate and
/// on where the animation started between frames; `restingTime(…on:startingAt:)` predicts it.
/// One deliberate difference (FIX): the state before the latest substep is kept across frames (Advance
/// forgets it, so at frame rates above 125 fps a frame without a new substep jumped to the look-ahead
/// state). The two do not interact: a frame without a substep leaves the checked state unchanged.
struct Simulation<F: SimulationFunction> {
    typealias V = F.Value.VectorType

    var function: F
    var previous: PhaseState<V>
    var current: PhaseState<V>
    /// Clock time minus the time of `current`: ≤ 0 between frames, > −tick.
    var accumulator: Double = 0
    var output: PhaseState<V>
    private(set) var hasConverged = false
    /// Substeps integrated so far (for settling-time queries).
    private(set) var substeps = 0

    init(function: F, value: V, velocity: V) {
        self.function = function
        current = PhaseState(value: value, velocity: velocity)
        previous = current
        output = current
        convergeIfPossible()
    }

    /// Continues a running simulation's exact state with a new function (Advance's `use(function:)`).
    init(function: F, continuing snapshot: SimulationSnapshot<V>) {
        self.function = function
        previous = snapshot.previous
        current = snapshot.current
        accumulator = snapshot.accumulator
        output = snapshot.output
        convergeIfPossible()
    }

    var snapshot: SimulationSnapshot<V> {
        SimulationSnapshot(previous: previous, current: current, output: output, accumulator: accumulator)
    }

    @discardableResult
    mutating func convergeIfPossible() -> Bool {
        guard !hasConverged else { return true }
        if case .converge(let rest) = function.convergence(value: current.value, velocity: current.velocity) {
            current = PhaseState(value: rest, velocity: .zero)
            previous = current
            output = current
            accumulator = 0
            hasConverged = true
        }
        return hasConverged
    }

    /// Advances by `time` seconds of clock time; returns whether the simulation is now at rest.
    /// `isFrameEnd` false (the loop catching up to a callback between frames) integrates without the
    /// convergence check, which happens only at the end of a frame.
    @discardableResult
    mutating func advance(by time: Double, isFrameEnd: Bool = true) -> Bool {
        guard !hasConverged else { return true }
        if time > 0 {
            accumulator += min(time, maximumFrameStep)
            while accumulator > 0 { step() }
        }
        if isFrameEnd, convergeIfPossible() { return true }
        let alpha = (simulationTick + accumulator) / simulationTick
        output = PhaseState(
            value: previous.value.interpolated(to: current.value, alpha: alpha),
            velocity: previous.velocity.interpolated(to: current.velocity, alpha: alpha))
        return false
    }

    @inline(__always)
    mutating func step() {
        previous = current
        current = function.rk4Step(current, h: simulationTick)
        accumulator -= simulationTick
        substeps += 1
    }
}
