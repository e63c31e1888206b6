import Advance
import Foundation
import Spruce

/// A dry run on a throwaway clock: runs one choreography, then (unless told not to) steps frame by frame until
/// every animation is at rest, recording the choreographies it started.
struct FilmSettling {
    /// Longest a film may keep moving before it counts as never settling.
    static let limit: Double = 600

    struct Result {
        /// Seconds from the start until everything is at rest, and at least until the last view's announced end.
        var settlingTime: Double
        /// One list per `animate` call, in the order the calls were made, times from `start`; each in start order.
        var calls: [[Choreography.Timing]]
        var choreographies: [Choreography]
    }

    let loop: Loop

    init(framesPerSecond: Double) { loop = Loop(framesPerSecond: framesPerSecond) }

    /// Runs `body` at loop time `start` (as `Loop.schedule` would in the film), then steps to rest when `untilAtRest`.
    func run(at start: Double, allowsNothing: Bool = false, untilAtRest: Bool = true,
             _ body: @escaping () throws -> Void) throws -> Result {
        let shared = Loop.shared
        let sharedBefore = (shared.runningAnimatorCount, shared.isIdle)
        let log = ChoreographyLog()
        var failure: Error?
        var fired = false
        let fire = {
            fired = true
            do { try log.recording(body) } catch { failure = error }
        }
        // As the film does: at once when it is already time, else on the clock.
        if start <= loop.time { loop.makeCurrent(fire) } else { loop.schedule(at: start, fire) }
        try loop.makeCurrent {
            loop.advance(to: start)
            while !fired {
                guard loop.time <= start + FilmSettling.limit else { throw FilmError.neverSettles(FilmSettling.limit) }
                loop.advance()
            }
        }
        if let failure { throw failure }
        let offClock = shared.runningAnimatorCount - sharedBefore.0
        if offClock > 0 || (sharedBefore.1 && !shared.isIdle) { throw FilmError.animationOffClock(max(1, offClock)) }
        if loop.isIdle, log.choreographies.allSatisfy({ $0.timings.isEmpty }), !allowsNothing {
            throw FilmError.nothingAnimates
        }
        if untilAtRest {
            try loop.makeCurrent {
                while !loop.isIdle {
                    guard loop.time - start <= FilmSettling.limit else { throw FilmError.neverSettles(FilmSettling.limit) }
                    loop.advance()
                }
            }
        }
        let calls = log.choreographies.map { c in
            let shift = c.startTime - start
            return shift == 0 ? c.timings : c.timings.map { t -> Choreography.Timing in
                var t = t
                t.start += shift
                t.end += shift
                return t
            }
        }
        let lastEnd = calls.joined().map(\.end).max() ?? 0
        return Result(settlingTime: max(loop.time - start, lastEnd), calls: calls, choreographies: log.choreographies)
    }
}
