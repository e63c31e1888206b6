/// How long settling-time queries simulate before giving up, in seconds of simulated time.
public let defaultSettlingTimeLimit: Double = 60

extension SimulationFunction {
    /// The simulated time until this function brings `value` moving at `velocity` to rest, checking
    /// convergence after every 0.008 s substep (as Advance's `estimatedConvergence` does): a multiple of
    /// the substep, the same at every frame rate.
    ///
    /// A running animator checks only at the end of each frame, as Advance does, so it comes to rest on
    /// a frame at or after t + settlingTime − 0.008 and may be a frame later (a converged substep in the
    /// middle of a frame is not looked at); `restingTime(from:velocity:on:startingAt:)` gives the exact
    /// frame. Returns `nil` when the motion has not settled within `limit` seconds (an undamped spring
    /// never does), so the query always ends.
    public func settlingTime(from value: Value, velocity: Value = .zero,
                             limit: Double = defaultSettlingTimeLimit) -> Double? {
        Check.precondition { try Check.nonNegative(limit, "limit") }
        let start = SimulationSnapshot(starting: PhaseState(value: value.vector, velocity: velocity.vector))
        let runner = SimulationRunner<Value>.make(self, continuing: start)
        // An infinite or huge limit must not overflow the conversion to a substep count.
        let substepLimit = (limit / simulationTick).rounded(.up)
        let maximumSubsteps = substepLimit < Double(Int.max / 2) ? Int(substepLimit) : Int.max / 2
        while !runner.hasConverged {
            if runner.substeps >= maximumSubsteps { return nil }
            _ = runner.advance(to: Double(runner.substeps + 1) * simulationTick, isFrameEnd: true)
        }
        return Double(runner.substeps) * simulationTick
    }
}
