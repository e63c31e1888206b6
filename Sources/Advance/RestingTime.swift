extension SimulationFunction {
    /// The loop time at which an animator running this function on `loop`, started at loop time `start`
    /// with `value` and `velocity`, comes to rest: the frame at whose end Advance's rule first finds the
    /// newest substep state converged, stepped exactly as the loop steps it (frame n at
    /// `loop.time(ofFrame: n)`, the first frame the one after `start`). This is the end a timing chart
    /// or export should show; it depends on the frame rate and on where `start` falls between frames.
    ///
    /// `nil` when the motion is not at rest within `limit` seconds of simulated time (an undamped spring never
    /// is), so the query always ends. Simulated, not loop time: below 12.5 frames per second a frame simulates
    /// only 0.08 s, so a spring that rests within the limit may rest on a frame well past `start + limit`.
    /// Callbacks firing between frames only split a frame's substeps and do not change the result.
    public func restingTime(from value: Value, velocity: Value = .zero, on loop: Loop, startingAt start: Double,
                            limit: Double = defaultSettlingTimeLimit) -> Double? {
        Check.precondition { try Check.nonNegative(limit, "limit") }
        Check.precondition { try Check.finite(start, "start") }
        let runner = SimulationRunner<Value>.make(
            self, continuing: SimulationSnapshot(starting: PhaseState(value: value.vector, velocity: velocity.vector), at: start))
        guard var frame = loop.firstFrame(after: start) else { return nil }
        while true {
            let t = loop.time(ofFrame: frame)
            if runner.advance(to: t, isFrameEnd: true) { return t }
            if Double(runner.substeps) * simulationTick > limit { return nil }
            frame += 1
        }
    }
}

extension Loop {
    /// The index of the first frame strictly after `time` (frames before 0 count from frame 1); nil when
    /// `time` lies beyond any frame index (a start 1e300 s away must not be counted up to frame by frame).
    func firstFrame(after time: Double) -> Int? {
        let estimate = (time / frameDuration).rounded(.down)
        guard !(estimate >= Double(Int.max / 4)), !time.isNaN else { return nil }
        var n = estimate.isFinite && estimate > 0 ? Int(estimate) : 0
        while n > 0, self.time(ofFrame: n) > time { n -= 1 }
        while self.time(ofFrame: n) <= time { n += 1 }
        return n
    }
}
