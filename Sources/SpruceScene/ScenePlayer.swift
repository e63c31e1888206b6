import Advance
import Foundation
import Geometry
import Spruce
import SpruceFilm
import SpruceRender
import SpruceVideo

/// Builds the `Film` of a scene file: the screen starts prepared (empty), the views animate in in the sort
/// function's order, hold, and then — depending on the loop style — animate back out in the reverse
/// order, fade out together, or play the entrance backwards (as the Spruce README gifs do). Everything
/// that draws, writes or checks the scene takes `film`.
public struct ScenePlayer {
    public let document: SceneDocument
    public let builder: SceneBuilder
    public let framesPerSecond: Double
    /// One per choreography of the document, in file order; they all start together.
    public let tracks: [Track]
    /// The in-phase as `view.spruce.animate` reports it (start and end of every view), all tracks in order.
    public let timings: [Choreography.Timing]
    public let phases: Phases
    /// The scene as a film: every output, chart and snapshot of it goes through this value.
    public private(set) var film: Film

    /// The first track's sort function, animation and stock animations (the only ones of most scenes).
    public var sortFunction: SortFunction { tracks[0].sortFunction }
    public var animation: TimedAnimation { tracks[0].animation }
    public var stockAnimations: [StockAnimation] { tracks[0].stockAnimations }

    /// One choreography made into Spruce objects, with its in-phase measured.
    public struct Track {
        public let spec: ChoreographySpec
        public let sortFunction: SortFunction
        public let animation: TimedAnimation
        public let stockAnimations: [StockAnimation]
        public let timings: [Choreography.Timing]
        /// When the last of its views has finished (relative to the start of the in-phase).
        public let duration: Double
        /// Where errors about this choreography point: `choreography` or `choreography[i]`.
        let path: String
        let startsByWalkIndex: [Int: Double]
    }

    /// Seconds at which each part of the film begins and ends.
    public typealias Phases = FilmPhases

    public init(document: SceneDocument, framesPerSecond: Double) throws {
        let rates = SceneLimits.framesPerSecond
        guard rates.contains(framesPerSecond) else {
            throw SceneError("timeline.fps", "must be \(Checked.text(rates.lowerBound))…\(Checked.text(rates.upperBound)) "
                             + "frames per second, got \(Checked.text(framesPerSecond))")
        }
        guard !document.choreographies.isEmpty else { throw SceneError("choreography", "expected at least one choreography") }
        self.document = document
        self.framesPerSecond = framesPerSecond
        let builder = try SceneBuilder(document)
        self.builder = builder
        let many = document.choreographies.count > 1
        let tracks = try document.choreographies.enumerated().map { i, spec in
            try ScenePlayer.measure(spec, path: many ? "choreography[\(i)]" : "choreography",
                                    builder: builder, framesPerSecond: framesPerSecond, startingAt: document.timeline.lead)
        }
        self.tracks = tracks
        timings = tracks.flatMap(\.timings)
        if let bad = timings.first(where: { ![$0.start, $0.end, $0.x, $0.y].allSatisfy(\.isFinite) }) {
            throw SceneError("views", "the view \(bad.view) has no finite position or timing (x \(Checked.text(bad.x)), "
                             + "y \(Checked.text(bad.y)), start \(Checked.text(bad.start)) s)")
        }
        let inDuration = tracks.map(\.duration).max() ?? 0
        let t = document.timeline
        guard inDuration + t.hold >= 0 else {
            throw SceneError("timeline.hold", "\(Checked.text(t.hold)) s reaches back before the in-phase starts (it lasts \(Checked.text(inDuration)) s)")
        }
        // The out-phase is the entrance's mirror image, so it lasts as long.
        let phases = try FilmPhases.make(shape: FilmLoopShape(rawValue: t.loop.rawValue)!, lead: t.lead, inDuration: inDuration,
                                         hold: t.hold, fade: t.fade, fixedDuration: t.duration)
        self.phases = phases
        // The frame count is known before anything is drawn: a film of 1e12 s is refused here, not rendered.
        guard SceneLimits.frameCount(seconds: phases.end, framesPerSecond: framesPerSecond) != nil else {
            throw SceneError("timeline", "the film would last \(Checked.text(phases.end)) s; at most "
                             + "\(Checked.text(SceneLimits.maximumFilmSeconds)) s (lead + in-phase + hold + out-phase)")
        }
        let canvas = FilmCanvas(size: builder.canvasSize, scale: document.canvas.scale, background: document.canvas.background)
        film = try Film(canvas: canvas, framesPerSecond: framesPerSecond, phases: phases, timings: timings) { _ in builder.makeRoot() }
        let player = self
        film = try Film(canvas: canvas, framesPerSecond: framesPerSecond, phases: phases, timings: timings) { loop in
            try player.makeScene(on: loop)
        }
        film.title = ReviewTitle.text(name: nil, spec: document.choreography, lengths: AnimationLengths(timings))
    }

    /// A dry run on a throwaway loop gives a choreography's in-phase timings without drawing anything. It
    /// starts at the film's time `start`, so springs rest on the frames the film shows.
    static func measure(_ spec: ChoreographySpec, path: String, builder: SceneBuilder, framesPerSecond: Double,
                        startingAt start: Double = 0) throws -> Track {
        let sort = try spec.makeSortFunction(), anim = try spec.makeAnimation()
        let probe = Loop(framesPerSecond: framesPerSecond)
        probe.advance(to: start)
        let root = builder.makeRoot()
        let (target, excluded) = try resolve(spec, path: path, in: root)
        let choreography = probe.makeCurrent {
            target.spruce.animate(withSortFunction: sort, prepare: nil, animation: anim,
                                  exclude: excluded, recursiveDepth: spec.recursiveDepth)
        }
        let walk = SpruceUIView.subviews(of: target, recursiveDepth: spec.recursiveDepth).map { ObjectIdentifier($0.view) }
        let walkIndex = Dictionary(uniqueKeysWithValues: walk.enumerated().map { ($1, $0) })
        var starts: [Int: Double] = [:]
        for (v, t) in zip(choreography.views, choreography.timings) { if let i = walkIndex[ObjectIdentifier(v)] { starts[i] = t.start } }
        return Track(spec: spec, sortFunction: sort, animation: anim, stockAnimations: spec.makeStockAnimations(),
                     timings: choreography.timings, duration: choreography.duration, path: path, startsByWalkIndex: starts)
    }

    static func resolve(_ spec: ChoreographySpec, path: String = "choreography", in root: View) throws -> (View, [View]) {
        var target = root
        if let id = spec.target {
            guard let v = root.view(withID: id) else { throw SceneError("\(path).target", "no view has the id \"\(id)\"") }
            target = v
        }
        let excluded = try spec.exclude.enumerated().map { i, id -> View in
            guard let v = root.view(withID: id) else { throw SceneError("\(path).exclude[\(i)]", "no view has the id \"\(id)\"") }
            return v
        }
        return (target, excluded)
    }

    public var duration: Double { film.duration }
    public func sceneTime(at t: Double) -> Double { film.sceneTime(at: t) }
    public var frameCount: Int { film.frameCount }
    public func makeRenderer() throws -> Renderer { try film.makeRenderer() }

    /// Builds a fresh tree and schedules the whole film on `loop` (whose time should be 0).
    public func makeScene(on loop: Loop) throws -> View {
        let root = builder.makeRoot()
        // The out-phase mirrors the whole film: the last view in, across all tracks, is the first out.
        let lastStart = tracks.flatMap { $0.startsByWalkIndex.values }.max() ?? 0
        for track in tracks { try schedule(track, lastStart: lastStart, in: root, on: loop) }
        return root
    }

    func schedule(_ track: Track, lastStart: Double, in root: View, on loop: Loop) throws {
        let spec = track.spec
        let (target, excluded) = try ScenePlayer.resolve(spec, path: track.path, in: root)
        let skip = Set(excluded.map(ObjectIdentifier.init))
        let views = track.sortFunction.timeOffsets(view: target, recursiveDepth: spec.recursiveDepth)
            .map(\.spruceView).filter { !skip.contains(ObjectIdentifier($0)) }
        let prepares = track.stockAnimations.map(\.prepareFunction)
        for v in views { prepares.forEach { $0(v) } }

        var animateIn = track.animation
        let changes = track.stockAnimations.map(\.animationFunction)
        animateIn.changeFunction = { v in changes.forEach { $0(v) } }
        let sort = track.sortFunction, depth = spec.recursiveDepth
        loop.schedule(at: phases.animateIn) {
            target.spruce.animate(withSortFunction: sort, prepare: nil, animation: animateIn, exclude: excluded, recursiveDepth: depth)
        }
        guard let outTime = phases.animateOut else { return }
        if document.timeline.loop == .inHoldFade {
            // Every animated view fades together, in place, with UIKit's ease-out.
            let fade = StandardAnimation(duration: document.timeline.fade, changes: { $0.alpha = 0 })
            let together = MirroredSortFunction(startsByWalkIndex: track.startsByWalkIndex.mapValues { _ in 0 }, lastStart: 0)
            loop.schedule(at: outTime) {
                target.spruce.animate(withSortFunction: together, prepare: nil, animation: fade, exclude: excluded, recursiveDepth: depth)
            }
            return
        }
        var animateOut = track.animation
        animateOut.changeFunction = { v in prepares.forEach { $0(v) } }
        let mirrored = MirroredSortFunction(startsByWalkIndex: track.startsByWalkIndex, lastStart: lastStart)
        loop.schedule(at: outTime) {
            target.spruce.animate(withSortFunction: mirrored, prepare: nil, animation: animateOut,
                                  exclude: excluded, recursiveDepth: depth)
        }
    }

    /// `film.frameSource()`.
    public func frameSource() throws -> AnimationFrameSource { try film.frameSource() }

    /// `film.frame(at:cancellation:)`, with a time error that names the scene.
    public func render(at time: Double, cancellation: RenderCancellation? = nil) throws -> Bitmap {
        guard time.isFinite, time >= 0 else { throw SceneError("", "time \(time) must be a finite number ≥ 0") }
        return try film.frame(at: time, cancellation: cancellation)
    }

    /// `film.timingJSON()`.
    public func timingJSON() -> Data { film.timingJSON() }
}

/// The out-phase order: the last view in is the first out (offset = last start − own start).
/// Views are matched by their place in the subview walk, which is the same in every copy of the scene.
struct MirroredSortFunction: SortFunction {
    let startsByWalkIndex: [Int: Double]
    /// The latest start of the whole film, so several tracks mirror as one.
    let lastStart: Double

    func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let last = lastStart
        return SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth).enumerated().compactMap { i, s in
            startsByWalkIndex[i].map { TimedView(spruceView: s.view, timeOffset: last - $0) }
        }
    }
}
