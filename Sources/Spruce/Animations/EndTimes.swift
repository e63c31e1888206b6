import Advance
import Foundation

/// When each view of a choreography really ends: a timed animation's duration for a start `offset`
/// seconds after now on `loop`, remembered per offset (a wave's views share few distinct offsets).
final class EndTimes {
    let animation: TimedAnimation
    let loop: Loop
    private let now: Double
    private var cache: [Double: Double] = [:]

    init(_ animation: TimedAnimation, on loop: Loop) {
        (self.animation, self.loop, now) = (animation, loop, loop.time)
    }

    /// Seconds from the view's start to its end.
    func duration(startingAt offset: Double) -> Double {
        if let d = cache[offset] { return d }
        let d = animation.expectedDuration(startingAt: now + offset, on: loop)
        cache[offset] = d
        return d
    }
}
