/// A timed animation's schedule: evaluated from the absolute clock time, so its progress never drifts
/// with the number of frames.
struct TimedAnimation<Value: VectorConvertible> {
    let from: Value.VectorType
    /// The target's vector as seen from `from` (a rotation's shortest arc).
    let to: Value.VectorType
    let finalValue: Value
    let startTime: Double
    let duration: Double
    let timingFunction: TimingFunction
    let epsilon: Double

    init(from: Value.VectorType, to finalValue: Value, startTime: Double, duration: Double, timingFunction: TimingFunction) {
        self.from = from
        self.to = finalValue.vector(nearestTo: from)
        self.finalValue = finalValue
        self.startTime = startTime
        self.duration = duration
        self.timingFunction = timingFunction
        epsilon = 1.0 / (1000.0 * duration)
    }

    func isFinished(at time: Double) -> Bool { time - startTime >= duration }

    /// The vector at `time` (before the end).
    func vector(at time: Double) -> Value.VectorType {
        let progress = min(max((time - startTime) / duration, 0), 1)
        let eased = timingFunction.solve(at: progress, epsilon: epsilon)
        return from.interpolated(to: to, alpha: eased)
    }
}
