import Advance
import Foundation
import Geometry
import Spruce
import SpruceRender
import SpruceVideo

/// A scene played as a film: the screen starts prepared (empty), the views animate in in the sort
/// function's order, hold, and then — depending on the loop style — animate back out in the reverse
/// order, fade out together, or play the entrance backwards (as the Spruce README gifs do).
public struct ScenePlayer {
    public let document: SceneDocument
    public let builder: SceneBuilder
    public let framesPerSecond: Double
    /// One per choreography of the document, in file order; they all start together.
    public let tracks: [Track]
    /// The in-phase as `view.spruce.animate` reports it (start and end of every view), all tracks in order.
    public let timings: [Choreography.Timing]
    public private(set) var phases: Phases

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
    public struct Phases: Equatable {
        public var animateIn: Double
        public var inEnd: Double
        public var animateOut: Double?
        /// `in-hold-reverse`: from here on the film plays its first part backwards.
        public var reverseFrom: Double?
        public var end: Double
    }

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
                                    builder: builder, framesPerSecond: framesPerSecond)
        }
        self.tracks = tracks
        timings = tracks.flatMap(\.timings)
        if let bad = timings.first(where: { ![$0.start, $0.end, $0.x, $0.y].allSatisfy(\.isFinite) }) {
            throw SceneError("views", "the view \(bad.view) has no finite position or timing (x \(Checked.text(bad.x)), "
                             + "y \(Checked.text(bad.y)), start \(Checked.text(bad.start)) s)")
        }
        let inDuration = tracks.map(\.duration).max() ?? 0
        let t = document.timeline
        let inStart = t.lead
        let inEnd = inStart + inDuration
        guard inDuration + t.hold >= 0 else {
            throw SceneError("timeline.hold", "\(t.hold) s reaches back before the in-phase starts (it lasts \(inDuration) s)")
        }
        switch t.loop {
        case .in, .inHold:
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: nil, end: inEnd + max(0, t.hold))
        case .inOut:
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: inEnd, end: inEnd + inDuration + t.lead)
        case .inHoldOut:
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: inEnd + t.hold,
                            end: inEnd + t.hold + inDuration + t.lead)
        case .inHoldReverse:
            // A boomerang: the film runs back from the end of the hold, mirrored in time. With a fixed
            // `duration` the mirror sits at its middle, as in the README gifs (screen recordings played
            // forwards then backwards).
            let mirror = t.duration.map { $0 / 2 } ?? (inEnd + t.hold)
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: nil, reverseFrom: mirror, end: 2 * mirror)
        case .inHoldFade:
            // The fade ends on the empty screen the film starts with, so no trailing lead.
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: inEnd + t.hold,
                            end: inEnd + t.hold + t.fade)
        }
        if let d = t.duration { phases.end = d }
        // The frame count is known before anything is drawn: a film of 1e12 s is refused here, not rendered.
        guard SceneLimits.frameCount(seconds: phases.end, framesPerSecond: framesPerSecond) != nil else {
            throw SceneError("timeline", "the film would last \(Checked.text(phases.end)) s; at most "
                             + "\(Checked.text(SceneLimits.maximumFilmSeconds)) s (lead + in-phase + hold + out-phase)")
        }
    }

    /// A dry run on a throwaway loop gives a choreography's in-phase timings without drawing anything.
    static func measure(_ spec: ChoreographySpec, path: String, builder: SceneBuilder, framesPerSecond: Double) throws -> Track {
        let sort = try spec.makeSortFunction(), anim = try spec.makeAnimation()
        let probe = Loop(framesPerSecond: framesPerSecond)
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

    public var duration: Double { phases.end }

    /// The moment of the scene shown at film time `t`: `t` itself, except in a reversed part, where the
    /// film runs backwards from `reverseFrom`.
    public func sceneTime(at t: Double) -> Double {
        guard let from = phases.reverseFrom, t > from else { return t }
        return max(0, 2 * from - t)
    }
    /// Frames at 0, 1/fps, … up to the end of the film.
    public var frameCount: Int { SceneLimits.frameCount(seconds: duration, framesPerSecond: framesPerSecond) ?? 1 }

    public func makeRenderer() throws -> Renderer {
        try Renderer(size: builder.canvasSize, scale: document.canvas.scale, background: document.canvas.background)
    }

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

    /// Frames for the video pipeline; every drawing thread plays its own copy of the film.
    public func frameSource() throws -> AnimationFrameSource {
        let renderer = try makeRenderer()
        let player = self
        return AnimationFrameSource(renderer: renderer, framesPerSecond: framesPerSecond, frameCount: frameCount,
                                    sceneTime: { player.sceneTime(at: Double($0) / player.framesPerSecond) }) { loop in
            try player.makeScene(on: loop)
        }
    }

    /// The scene at `time` seconds, drawn into a new bitmap. Getting there steps the clock through every
    /// earlier frame, which for a late moment of a big scene takes seconds: `cancellation` is checked before
    /// each step and before drawing, and a cancelled render throws `VideoError.cancelled`.
    public func render(at time: Double, cancellation: RenderCancellation? = nil) throws -> Bitmap {
        guard time.isFinite, time >= 0 else { throw SceneError("", "time \(time) must be a finite number ≥ 0") }
        let loop = Loop(framesPerSecond: framesPerSecond)
        let root = try loop.makeCurrent { try makeScene(on: loop) }
        let target = sceneTime(at: time)
        try loop.makeCurrent {
            try loop.advance(to: target) { if cancellation?.isCancelled == true { throw VideoError.cancelled } }
        }
        if cancellation?.isCancelled == true { throw VideoError.cancelled }
        return try makeRenderer().render(root)
    }

    /// `{"duration": …, "views": [...]}` for the in-phase, as `Choreography.timingJSON()` writes it.
    public func timingJSON() -> Data {
        struct Export: Codable { var duration: Double; var views: [Choreography.Timing] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try! encoder.encode(Export(duration: timings.map(\.end).max() ?? 0, views: timings))
    }
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
