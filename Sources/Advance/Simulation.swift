/// The fixed internal timestep: 120 Hz, whatever the frame rate.
let simulationTick: Double = 0.008
/// At most this much time is simulated per frame (10 substeps), as in Advance: a stalled frame
/// slows the motion down rather than letting it jump.
let maximumFrameStep: Double = 0.08
/// Clock time within this of a substep's time counts as reaching it: frame and substep times that
/// coincide in exact arithmetic (every frame at 25 or 125 fps, t = 0.2 s at 60 fps) do not run an extra
/// substep because of rounding.
let substepTolerance: Double = 1e-9

struct PhaseState<V: SIMD> where V.Scalar == Double {
    var value: V
    var velocity: V
}

/// Everything a running simulation carries from frame to frame, to hand over to a new function.
struct SimulationSnapshot<V: SIMD> where V.Scalar == Double {
    var previous: PhaseState<V>
    var current: PhaseState<V>
    var output: PhaseState<V>
    /// Clock time minus the time of `current` (≤ 0: the integrator runs ahead).
    var accumulator: Double
    /// The clock time the snapshot was taken at.
    var time: Double

    init(previous: PhaseState<V>, current: PhaseState<V>, output: PhaseState<V>, accumulator: Double, time: Double) {
        (self.previous, self.current, self.output, self.accumulator, self.time) = (previous, current, output, accumulator, time)
    }

    /// A simulation starting at clock time `time` from state `s`.
    init(starting s: PhaseState<V>, at time: Double = 0) {
        self.init(previous: s, current: s, output: s, accumulator: 0, time: time)
    }

    func map<W>(_ f: (V) -> W) -> SimulationSnapshot<W> {
        func m(_ p: PhaseState<V>) -> PhaseState<W> { PhaseState(value: f(p.value), velocity: f(p.velocity)) }
        return SimulationSnapshot<W>(previous: m(previous), current: m(current), output: m(output),
                                     accumulator: accumulator, time: time)
    }
}

extension SimulationFunction {
    typealias State = PhaseState<Value.VectorType>

    /// One classic RK4 step of `h` seconds.
    ///
    /// Differs from the original on purpose: Advance's master branch omits the first slope (weights (2(k2+k3)+k4)/6), which makes its
    /// springs run about 17% slow; this uses the correct (k1 + 2(k2+k3) + k4)/6, as Advance 3.1.1 does.
    @inline(__always)
    func rk4Step(_ s: State, h: Double) -> State {
        #if DEBUG
        if Self.self == LinearFunction.self {
            let step = unsafeBitCast(self, to: LinearFunction.self).unoptimisedStep(unsafeBitCast(s, to: PhaseState<SIMD8<Double>>.self), h: h)
            return unsafeBitCast(step, to: State.self)
        }
        #endif
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

/// A simulation in flight: fixed substeps, the output interpolated between the last two substep states
/// (the integrator runs up to one substep ahead of the clock). Advance keeps a running accumulator of
/// clock time; here the substeps due are counted from absolute clock times (substep n of a simulation
/// anchored at `base` is at `base + n · tick`), which is the same in exact arithmetic and does not
/// depend on how a frame's time was split (callbacks between frames) or on rounding drift.
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
    /// The clock time the simulation has been advanced to.
    private(set) var clock: Double
    /// The clock time of substep 0 (moved on when a long frame is capped).
    private var base: Double
    var output: PhaseState<V>
    private(set) var hasConverged = false
    /// Substeps integrated so far (for settling-time queries).
    private(set) var substeps = 0

    /// Clock time minus the time of `current`: ≤ 0 between frames, > −tick.
    var accumulator: Double { clock - (base + Double(substeps) * simulationTick) }

    init(function: F, value: V, velocity: V) {
        self.init(function: function, continuing: SimulationSnapshot(starting: PhaseState(value: value, velocity: velocity)))
    }

    /// Continues a running simulation's exact state with a new function (Advance's `use(function:)`).
    init(function: F, continuing snapshot: SimulationSnapshot<V>) {
        self.function = function
        previous = snapshot.previous
        current = snapshot.current
        clock = snapshot.time
        base = snapshot.time - snapshot.accumulator
        output = snapshot.output
        convergeIfPossible()
    }

    var snapshot: SimulationSnapshot<V> {
        SimulationSnapshot(previous: previous, current: current, output: output, accumulator: accumulator, time: clock)
    }

    @discardableResult
    mutating func convergeIfPossible() -> Bool {
        guard !hasConverged else { return true }
        if case .converge(let rest) = function.convergence(value: current.value, velocity: current.velocity) {
            current = PhaseState(value: rest, velocity: .zero)
            previous = current
            output = current
            hasConverged = true
        }
        return hasConverged
    }

    /// Advances the clock to `time`; returns whether the simulation is now at rest. `isFrameEnd` false
    /// (the loop catching up to a callback between frames) integrates without the convergence check,
    /// which happens only at the end of a frame.
    @discardableResult
    mutating func advance(to time: Double, isFrameEnd: Bool = true) -> Bool {
        guard !hasConverged else { return true }
        if time > clock {
            let elapsed = time - clock
            if elapsed > maximumFrameStep { base += elapsed - maximumFrameStep }
            clock = time
            while accumulator > substepTolerance { step() }
        }
        if isFrameEnd, convergeIfPossible() { return true }
        let lag = accumulator
        let alpha = lag > -substepTolerance ? 1 : (simulationTick + lag) / simulationTick
        output = PhaseState(
            value: previous.value.interpolated(to: current.value, alpha: alpha),
            velocity: previous.velocity.interpolated(to: current.velocity, alpha: alpha))
        return false
    }

    /// Advances the clock by `time` seconds.
    @discardableResult
    mutating func advance(by time: Double, isFrameEnd: Bool = true) -> Bool {
        advance(to: clock + time, isFrameEnd: isFrameEnd)
    }

    @inline(__always)
    mutating func step() {
        previous = current
        current = function.rk4Step(current, h: simulationTick)
        substeps += 1
    }
}
