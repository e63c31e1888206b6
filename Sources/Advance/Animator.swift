/// Drives one value with timed animations or simulations, on a `Loop`.
///
/// ```
/// let loop = Loop(framesPerSecond: 30)
/// let progress = Animator(initialValue: 0.0, loop: loop)
/// progress.onChange = { view.alpha = $0 }
/// progress.animate(to: 1, duration: 0.3, timingFunction: .easeOut) { result in … }
/// // later, keeping the velocity of the timed animation:
/// progress.simulate(using: SpringFunction(target: 0.5))
/// loop.advance()   // one frame
/// ```
///
/// A running animator is retained by its loop until it comes to rest, like a UIKit animation, so
/// fire-and-forget animations complete even when nothing else holds the animator.
public final class Animator<Value: VectorConvertible> {
    /// The clock this animator runs on. Not owned: the loop owns its running animators, and an animator that
    /// owned its loop back would keep a loop that is never advanced (a measuring dry run) alive for ever with
    /// every view it animates. Whoever advances a loop holds it; `Loop.shared` lives for the whole program.
    public unowned let loop: Loop

    /// Called whenever `value` changes (and only then), including the final value.
    public var onChange: ((Value) -> Void)?
    /// Called when any animation ends, after that animation's own completion.
    public var onCompletion: ((AnimationResult) -> Void)?

    // Read and written for every running animator on every frame; each access registered a dynamic exclusivity
    // check (begin and end calls), as for `View`'s geometry. Nothing here is reached re-entrantly in a way that
    // check would catch: `onChange` runs after the state it may read is stored.
    /// What the animator is doing: at rest, running a timed animation, or running a simulation.
    @exclusivity(unchecked) public private(set) var state: AnimationState = .atRest

    @exclusivity(unchecked) private var currentValue: Value
    @exclusivity(unchecked) private var currentVector: Value.VectorType
    @exclusivity(unchecked) private var currentVelocity: Value.VectorType = .zero
    @exclusivity(unchecked) private var lastTime: Double
    @exclusivity(unchecked) private var timed: TimedAnimation<Value>?
    @exclusivity(unchecked) private var runner: SimulationRunner<Value>?
    private var completion: ((AnimationResult) -> Void)?
    /// Loop bookkeeping: whether the loop's list of running animators holds this one.
    var isInLoop = false

    /// An animator resting at `initialValue` on `loop`, whose current time becomes its starting time.
    ///
    /// The animator does not retain `loop`; whoever advances the loop keeps it alive.
    public init(initialValue: Value, loop: Loop = .shared) {
        self.loop = loop
        currentValue = initialValue
        currentVector = initialValue.vector
        lastTime = loop.time
    }

    /// The current value. Setting it stops any running animation (reported as interrupted) and rests there.
    public var value: Value {
        get { currentValue }
        set {
            let interrupted = stop()
            currentVelocity = .zero
            set(newValue)
            report(interrupted, .interrupted)
        }
    }

    /// The current velocity, in value units per second. While a timed animation runs it is the
    /// backward difference over the last frame, as in Advance.
    public var velocity: Value { Value(vector: currentVelocity) }

    /// True while a timed animation or a simulation runs; false once the animator rests.
    public var isRunning: Bool { state != .atRest }

    /// Animates from the current value to `finalValue` over `duration` seconds, starting at the loop's
    /// current time. Precondition: `duration` finite and ≥ 0 (0 jumps at the next frame);
    /// `validatedAnimate` throws instead.
    public func animate(to finalValue: Value, duration: Double, timingFunction: TimingFunction = .swiftOut,
                        completion: ((AnimationResult) -> Void)? = nil) {
        Check.precondition { try Check.nonNegative(duration, "duration") }
        let animation = TimedAnimation(from: currentVector, to: finalValue, startTime: loop.time,
                                       duration: duration, timingFunction: timingFunction)
        begin(.animating, completion: completion) { timed = animation }
    }

    /// `animate(to:duration:timingFunction:completion:)`, throwing `InvalidParameterError` for a bad duration.
    public func validatedAnimate(to finalValue: Value, duration: Double, timingFunction: TimingFunction = .swiftOut,
                                 completion: ((AnimationResult) -> Void)? = nil) throws {
        try Check.nonNegative(duration, "duration")
        animate(to: finalValue, duration: duration, timingFunction: timingFunction, completion: completion)
    }

    /// Runs `function` from the current value, keeping the current velocity (a running simulation
    /// continues with its exact internal state, only the function changes).
    public func simulate<T: SimulationFunction>(using function: T, completion: ((AnimationResult) -> Void)? = nil)
    where T.Value == Value {
        let start: SimulationSnapshot<Value.VectorType>
        if let runner, state == .simulating {
            start = runner.snapshot
        } else {
            start = SimulationSnapshot(starting: PhaseState(value: currentVector, velocity: currentVelocity), at: loop.time)
        }
        startSimulation(function, from: start, completion: completion)
    }

    /// Runs `function` from the current value, with `initialVelocity` imparted.
    public func simulate<T: SimulationFunction>(using function: T, initialVelocity: Value,
                                                completion: ((AnimationResult) -> Void)? = nil)
    where T.Value == Value {
        let start = SimulationSnapshot(starting: PhaseState(value: currentVector, velocity: initialVelocity.vector),
                                       at: loop.time)
        startSimulation(function, from: start, completion: completion)
    }

    /// Stops where it is (reported as interrupted).
    public func cancelRunningAnimation() {
        let interrupted = stop()
        currentVelocity = .zero
        report(interrupted, .interrupted)
    }

    // MARK: - Running

    private func startSimulation<T: SimulationFunction>(
        _ function: T, from start: SimulationSnapshot<Value.VectorType>, completion: ((AnimationResult) -> Void)?
    ) where T.Value == Value {
        let newRunner = SimulationRunner<Value>.make(function, continuing: start)
        begin(.simulating, completion: completion) {
            runner = newRunner
            currentVelocity = newRunner.output.velocity
        }
        // A function may settle the state at once (e.g. snap onto a target within threshold); the
        // animator then rests, and reports finished, at the next frame.
        setVector(newRunner.output.value)
    }

    private func begin(_ newState: AnimationState, completion newCompletion: ((AnimationResult) -> Void)?,
                       configure: () -> Void) {
        let interrupted = stop()
        configure()
        state = newState
        completion = newCompletion
        lastTime = loop.time
        loop.activate(self)
        report(interrupted, .interrupted)
    }

    /// Ends any running animation without reporting; returns its completion to report.
    private func stop() -> ((AnimationResult) -> Void)?? {
        guard state != .atRest else { return nil }
        state = .atRest
        timed = nil
        runner = nil
        let c = completion
        completion = nil
        return .some(c)
    }

    private func report(_ stopped: ((AnimationResult) -> Void)??, _ result: AnimationResult) {
        guard case .some(let c) = stopped else { return }
        c?(result)
        onCompletion?(result)
    }

    private func set(_ newValue: Value) {
        let changed = newValue != currentValue
        currentValue = newValue
        currentVector = newValue.vector
        if changed { onChange?(newValue) }
    }

    private func setVector(_ v: Value.VectorType) {
        guard v != currentVector else { return }
        currentVector = v
        currentValue = Value(vector: v)
        onChange?(currentValue)
    }

    private func finish(at finalValue: Value) {
        let stopped = stop()
        currentVelocity = .zero
        set(finalValue)
        report(stopped, .finished)
    }
}

extension Animator: LoopDriven {
    // The loop calls this for every running animator every frame, through a generic witness whose
    // unspecialised body looked up generic metadata on every call (a third of the clock's cost for 10,000
    // animating views). Animators of Double (Spruce's progress animators) jump to concrete code.
    func advance(to time: Double, isFrameEnd: Bool) {
        if Value.self == Double.self {
            unsafeDowncast(self, to: Animator<Double>.self).step(to: time, isFrameEnd: isFrameEnd)
        } else {
            step(to: time, isFrameEnd: isFrameEnd)
        }
    }

    /// A frame end with no time elapsed since a callback's catch-up still checks a simulation's convergence.
    @inline(never)
    fileprivate func step(to time: Double, isFrameEnd: Bool) {
        let dt = time - lastTime
        guard dt > 0 || (isFrameEnd && state == .simulating) else { return }
        lastTime = max(lastTime, time)
        switch state {
        case .atRest:
            return
        case .animating:
            guard let animation = timed else { return }
            if animation.isFinished(at: time) {
                finish(at: animation.finalValue)
            } else {
                let v = animation.vector(at: time)
                currentVelocity = (1.0 / dt) * (v - currentVector)
                setVector(v)
            }
        case .simulating:
            guard let runner else { return }
            if runner.advance(to: time, isFrameEnd: isFrameEnd) {
                finish(at: runner.restingValue ?? Value(vector: runner.output.value))
            } else {
                let output = runner.output
                currentVelocity = output.velocity
                setVector(output.value)
            }
        }
    }
}
