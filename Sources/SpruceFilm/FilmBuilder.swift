import Advance
import Foundation
import Spruce

/// The one way a film is made from code: a tree, an entrance choreography and a loop shape. A dry run on a
/// throwaway clock measures the entrance (and an exit), `FilmPhases` places every part, and every pass of the film
/// schedules the same calls at those times. `Film(size:…, root:, choreography:)` and scene files (`SceneFilm`)
/// both make their films here; the stages are separate so that a builder can check what the dry run found (a
/// scene names its own keys) and make an exit from it before the film is made.
package struct FilmBuilder {
    /// How the dry run decides how long a part lasts.
    package enum Measuring {
        /// Step the clock until every animation is at rest: any Swift choreography, whose animations need not say
        /// when they end. An exit is measured the same way.
        case untilAtRest
        /// Take each view's end as its Spruce timed animation announces it (`Choreography.Timing.end`), without
        /// stepping the clock: the entrance lasts until the last view's end. The exit is the entrance's mirror image
        /// and lasts as long. Scene files, whose every animation is a Spruce choreography's, are measured so.
        case byAnnouncedEnds
    }

    /// What the dry run found: every view the entrance animated and how long it lasts.
    package struct Entrance {
        /// One list per `animate` call, in the order the calls were made; each in start order.
        package let calls: [[Choreography.Timing]]
        /// The calls' choreographies on `root`, the dry run's tree (their `views` belong to it).
        package let choreographies: [Choreography]
        package let root: View
        /// Seconds from the entrance's start until it is over (`Measuring`).
        package let duration: Double
        let probe: FilmSettling

        /// Every call's views, in call order.
        package var timings: [Choreography.Timing] { calls.flatMap { $0 } }
    }

    package let framesPerSecond: Double
    package let lead: Double
    package let fixedDuration: Double?
    let measuring: Measuring
    let makeRoot: () throws -> View
    let entrance: (View) throws -> Void

    /// `root` builds the tree as the film first shows it (a fresh one for every pass); `entrance` starts the
    /// entrance at `lead` seconds, with the film's clock current.
    package init(framesPerSecond: Double, lead: Double, fixedDuration: Double?, measuring: Measuring = .untilAtRest,
                 root: @escaping () throws -> View, entrance: @escaping (View) throws -> Void) {
        (self.framesPerSecond, self.lead, self.fixedDuration, self.measuring) = (framesPerSecond, lead, fixedDuration, measuring)
        (makeRoot, self.entrance) = (root, entrance)
    }

    /// The dry run of the entrance: it calls the entrance exactly as the film does, so springs step through the
    /// same frames. The tree's text is checked before and after it (`FilmText`).
    package func measureEntrance() throws -> Entrance {
        try FilmError.checkRate(framesPerSecond)
        try FilmError.checkTime(lead, "lead")
        let probe = FilmSettling(framesPerSecond: framesPerSecond)
        let root = try makeRoot(), entrance = self.entrance
        try FilmText.check(root)
        let run = try probe.run(at: lead, untilAtRest: measuring == .untilAtRest) { try entrance(root) }
        try FilmText.check(root)
        return Entrance(calls: TimingNames.named(run.calls, run.choreographies, in: root), choreographies: run.choreographies,
                        root: root, duration: run.settlingTime, probe: probe)
    }

    /// When each part of the film begins and ends; an exit measured by a dry run (`untilAtRest`) sets the out-phase's
    /// length, which is otherwise the entrance's.
    package func phases(_ shape: FilmLoopShape, after entrance: Entrance) throws -> FilmPhases {
        let phases = try FilmPhases.make(shape: shape, lead: lead, inDuration: entrance.duration, fixedDuration: fixedDuration)
        guard measuring == .untilAtRest, let exit = shape.exit, let outTime = phases.animateOut else { return phases }
        let root = entrance.root
        let out = try entrance.probe.run(at: outTime, allowsNothing: true) { try exit(root) }
        try FilmText.check(root)
        return try FilmPhases.make(shape: shape, lead: lead, inDuration: entrance.duration, outDuration: out.settlingTime,
                                   fixedDuration: fixedDuration)
    }

    /// The film: every pass builds a fresh tree and schedules the entrance, then the exit or the fade, at `phases`.
    package func film(canvas: FilmCanvas, shape: FilmLoopShape, entrance measured: Entrance, phases: FilmPhases) throws -> Film {
        let makeRoot = self.makeRoot, entrance = self.entrance
        // The fade finds the views the dry run's entrance animated by their place in each pass's tree.
        let faded: [TreePath]
        if case .inHoldFade = shape { faded = TreePath.paths(of: measured.choreographies.flatMap(\.views), in: measured.root) } else { faded = [] }
        return try Film(canvas: canvas, framesPerSecond: framesPerSecond, phases: phases, timings: measured.timings,
                        settlingTime: measured.duration) { loop in
            let root = try makeRoot()
            // The dry run succeeded with the same tree and clock, so the same calls cannot fail here. Without a lead
            // the entrance starts at once, so frame 0 shows the prepared screen.
            if phases.animateIn <= loop.time { try entrance(root) } else { loop.schedule(at: phases.animateIn) { try? entrance(root) } }
            guard let outTime = phases.animateOut else { return root }
            switch shape {
            case .inOut(let exit), .inHoldOut(_, let exit):
                loop.schedule(at: outTime) { try? exit(root) }
            case .inHoldFade(_, let fade):
                loop.schedule(at: outTime) { FilmBuilder.fadeOut(faded.compactMap { $0.view(in: root) }, of: root, over: fade) }
            case .in, .inHold, .inHoldReverse, .boomerang:
                break
            }
            return root
        }
    }

    /// Every view the entrance animated through Spruce fades out together, in place, along UIKit's ease-out; an
    /// entrance made of other animations fades the root's subviews.
    static func fadeOut(_ views: [View], of root: View, over duration: Double) {
        guard !views.isEmpty else {
            root.animate(withDuration: duration, timingFunction: .easeOut, changes: { r in r.subviews.forEach { $0.alpha = 0 } })
            return
        }
        for view in views { view.animate(withDuration: duration, timingFunction: .easeOut, changes: { $0.alpha = 0 }) }
    }
}
