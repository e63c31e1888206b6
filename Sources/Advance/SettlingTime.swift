/// How long settling-time queries simulate before giving up, in seconds of simulated time.
public let defaultSettlingTimeLimit: Double = 60

extension SimulationFunction {
    /// The simulated time until this function brings `value` moving at `velocity` to rest, computed
    /// offline with exactly the integrator an `Animator` uses: a multiple of the 0.008 s substep.
    ///
    /// An animator started at time t comes to rest at its first frame later than
    /// t + settlingTime − 0.008 (the integrator runs up to one substep ahead of the clock; frames longer
    /// than 0.08 s are capped and take longer). Returns `nil` when the motion has not settled within
    /// `limit` seconds (an undamped spring never does), so the query always ends.
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
            _ = runner.advance(by: simulationTick)
        }
        return Double(runner.substeps) * simulationTick
    }
}
