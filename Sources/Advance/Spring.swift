/// A value that follows its `target` with spring physics.
///
/// ```
/// let spring = Spring(initialValue: view.center, loop: loop)
/// spring.onChange = { view.center = $0 }
/// spring.target = CGPoint(x: 300, y: 200)
/// ```
///
/// Changing `target`, `tension`, `damping` or `threshold` restarts the simulation keeping the current
/// velocity, so the motion bends smoothly towards the new configuration.
public final class Spring<Value: VectorConvertible> {
    private let animator: Animator<Value>
    private var function: SpringFunction<Value>

    /// A spring resting at `initialValue`, with Advance's default tension 120, damping 12, threshold 0.1.
    public init(initialValue: Value, loop: Loop = .shared) {
        function = SpringFunction(target: initialValue)
        animator = Animator(initialValue: initialValue, loop: loop)
    }

    /// The loop whose frames advance the spring.
    public var loop: Loop { animator.loop }

    /// Called whenever the value changes.
    public var onChange: ((Value) -> Void)? {
        get { animator.onChange }
        set { animator.onChange = newValue }
    }

    /// The current value; setting it moves the spring there, keeping its velocity.
    public var value: Value {
        get { animator.value }
        set {
            let velocity = animator.velocity
            animator.value = newValue
            animator.simulate(using: function, initialVelocity: velocity)
        }
    }

    /// The current velocity; setting it imparts that velocity.
    public var velocity: Value {
        get { animator.velocity }
        set { animator.simulate(using: function, initialVelocity: newValue) }
    }

    /// The value the spring pulls towards; setting it restarts the simulation from the current value and velocity.
    public var target: Value {
        get { function.target }
        set { function.target = newValue; restart() }
    }

    /// The stiffness (default 120); setting it restarts the simulation keeping the current velocity.
    ///
    /// Precondition: finite and ≥ 0.
    public var tension: Double {
        get { function.tension }
        set { function.tension = newValue; restart() }
    }

    /// The resistance proportional to velocity (default 12); setting it restarts the simulation keeping the current
    /// velocity.
    ///
    /// Precondition: finite and ≥ 0.
    public var damping: Double {
        get { function.damping }
        set { function.damping = newValue; restart() }
    }

    /// How close to rest, in value and velocity, counts as settled (default 0.1); setting it restarts the simulation.
    ///
    /// Precondition: finite and > 0.
    public var threshold: Double {
        get { function.threshold }
        set { function.threshold = newValue; restart() }
    }

    /// True while the spring moves.
    public var isRunning: Bool { animator.isRunning }

    /// Rests at `value` (and targets it), removing all velocity.
    public func reset(to value: Value) {
        function.target = value
        animator.value = value
    }

    private func restart() { animator.simulate(using: function) }
}
