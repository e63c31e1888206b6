extension Loop {
    /// The loop time in which `seconds` of a simulation's motion are simulated. The same from 12.5 frames per second
    /// up; below, a frame simulates only 0.08 s, as in Advance, and motion takes `frameDuration / 0.08` times as long
    /// on the loop's clock (12.5 times at 1 frame per second).
    public func loopTime(simulating seconds: Double) -> Double {
        seconds * max(1, frameDuration / maximumFrameStep)
    }
}
