import Advance
import Foundation
import Spruce

extension Film {
    /// A film of any Swift choreography. `root` builds the view tree (a fresh one for every pass);
    /// `choreography` starts the entrance (`root.spruce.animate(…)`, `view.animate(…)`, animators on
    /// `Loop.current`) and runs with the film's clock current; `exit`, for `.inOut` and `.inHoldOut`, starts
    /// the way out once the screen has settled and held.
    ///
    /// The film measures itself: a dry run steps the clock until every animation is at rest, so its duration
    /// and frame count follow from the animations' settling times. It throws when the choreography animates
    /// nothing, starts animations on another clock (`Loop.shared`), or never comes to rest.
    public init(size: CGSize, scale: CGFloat = 1, background: Color? = .white, framesPerSecond: Double = 60,
                loop shape: FilmLoopShape = .inHold, lead: Double = 0, hold: Double = 0.5, fade: Double = 0.25,
                duration fixedDuration: Double? = nil,
                root makeRoot: @escaping () throws -> View,
                choreography: @escaping (View) throws -> Void,
                exit: ((View) throws -> Void)? = nil) throws {
        try FilmError.checkRate(framesPerSecond)
        if shape == .inOut || shape == .inHoldOut, exit == nil {
            throw FilmError.invalid("the \(shape.rawValue) loop shape needs an exit choreography (exit: { root in … })")
        }
        // The dry run schedules the calls exactly as the film does, so springs step through the same frames.
        try FilmError.checkTime(lead, "lead")
        let probe = FilmSettling(framesPerSecond: framesPerSecond)
        let root = try makeRoot()
        let entrance = try probe.run(at: lead) { try choreography(root) }
        var phases = try FilmPhases.make(shape: shape, lead: lead, inDuration: entrance.settlingTime, hold: hold, fade: fade,
                                         fixedDuration: fixedDuration)
        if let exit, let outTime = phases.animateOut {
            let out = try probe.run(at: outTime, allowsNothing: true) { try exit(root) }
            phases = try FilmPhases.make(shape: shape, lead: lead, inDuration: entrance.settlingTime, outDuration: out.settlingTime,
                                         hold: hold, fade: fade, fixedDuration: fixedDuration)
        }
        let fadeDuration = fade
        try self.init(canvas: FilmCanvas(size: size, scale: scale, background: background), framesPerSecond: framesPerSecond,
                      phases: phases, timings: entrance.timings, settlingTime: entrance.settlingTime) { loop in
            let root = try makeRoot()
            // The dry run succeeded with the same tree and clock, so the same calls cannot fail here. Without a
            // lead the entrance starts at once, so frame 0 shows the prepared screen.
            if phases.animateIn <= loop.time { try choreography(root) } else { loop.schedule(at: phases.animateIn) { try? choreography(root) } }
            if let outTime = phases.animateOut {
                if let exit, shape != .inHoldFade {
                    loop.schedule(at: outTime) { try? exit(root) }
                } else if shape == .inHoldFade {
                    loop.schedule(at: outTime) {
                        root.animate(withDuration: fadeDuration, timingFunction: .easeOut, changes: { r in
                            r.subviews.forEach { $0.alpha = 0 }
                        })
                    }
                }
            }
            return root
        }
    }
}

/// A dry run on a throwaway clock: runs one choreography, then steps frame by frame until every animation
/// is at rest, recording the choreographies it started.
struct FilmSettling {
    /// Longest a film may keep moving before it counts as never settling.
    static let limit: Double = 600

    struct Result { var settlingTime: Double; var timings: [Choreography.Timing] }

    let loop: Loop

    init(framesPerSecond: Double) { loop = Loop(framesPerSecond: framesPerSecond) }

    /// Runs `body` at loop time `start` (as `Loop.schedule` would in the film), then steps to rest.
    func run(at start: Double, allowsNothing: Bool = false, _ body: @escaping () throws -> Void) throws -> Result {
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
        try loop.makeCurrent {
            while !loop.isIdle {
                guard loop.time - start <= FilmSettling.limit else { throw FilmError.neverSettles(FilmSettling.limit) }
                loop.advance()
            }
        }
        let timings = log.choreographies.flatMap { c in
            c.timings.map { t -> Choreography.Timing in
                var t = t
                t.start += c.startTime - start
                t.end += c.startTime - start
                return t
            }
        }.sorted { $0.start < $1.start }
        let lastEnd = timings.map(\.end).max() ?? 0
        return Result(settlingTime: max(loop.time - start, lastEnd), timings: timings)
    }
}
