import Advance
import Foundation
import Geometry
import Spruce
import SpruceFilm
import SpruceRender

/// Builds the `Film` of a scene file: the scene becomes Swift values (a tree, one `Track` per choreography, a loop
/// shape) handed to the film builder every Swift film goes through. The screen starts prepared (empty), the views
/// animate in in the sort function's order, hold, and then — depending on the loop shape — animate back out in
/// the reverse order, fade out together, or play the entrance backwards (as the Spruce README gifs do).
/// Everything that draws, writes or checks the scene takes `film`.
public struct SceneFilm {
    public let document: SceneDocument
    public let builder: SceneBuilder
    public let framesPerSecond: Double
    /// One per choreography of the document, in file order; they all start together.
    public let tracks: [Track]
    /// The in-phase as `view.spruce.animate` reports it (start and end of every view), all tracks in order.
    public let timings: [Choreography.Timing]
    public let phases: Phases
    /// The scene as a film: every output, chart and snapshot of it goes through this value.
    public let film: Film

    /// The first track's sort function, animation and stock animations (the only ones of most scenes).
    public var sortFunction: SortFunction { tracks[0].sortFunction }
    public var animation: TimedAnimation { tracks[0].animation }
    public var stockAnimations: [StockAnimation] { tracks[0].stockAnimations }

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
        let many = document.choreographies.count > 1, tree = builder.makeRoot()
        var tracks = try document.choreographies.enumerated().map { i, spec in
            try Track(spec, path: many ? "choreography[\(i)]" : "choreography", checkedIn: tree)
        }
        let t = document.timeline, made = tracks
        let films = FilmBuilder(framesPerSecond: framesPerSecond, lead: t.lead, fixedDuration: t.duration, measuring: .byAnnouncedEnds,
                                root: {
                                    let root = builder.makeRoot()
                                    for track in made { try track.prepare(in: root) }
                                    return root
                                },
                                entrance: { root in for track in made { try track.animateIn(in: root) } })
        let entrance = try films.measureEntrance()
        for (i, (timings, choreography)) in zip(entrance.calls, entrance.choreographies).enumerated() {
            try tracks[i].measured(timings, views: choreography.views, in: entrance.root)
        }
        self.tracks = tracks
        timings = entrance.timings
        if let bad = timings.first(where: { ![$0.start, $0.end, $0.x, $0.y].allSatisfy(\.isFinite) }) {
            throw SceneError("views", "the view \(bad.view) has no finite position or timing (x \(Checked.text(bad.x)), "
                             + "y \(Checked.text(bad.y)), start \(Checked.text(bad.start)) s)")
        }
        guard entrance.duration + t.hold >= 0 else {
            throw SceneError("timeline.hold", "\(Checked.text(t.hold)) s reaches back before the in-phase starts (it lasts "
                             + "\(Checked.text(entrance.duration)) s)")
        }
        // The out-phase mirrors the whole film: the last view in, across all tracks, is the first out.
        let lastStart = tracks.flatMap { $0.startsByWalkIndex.values }.max() ?? 0, measured = tracks
        let shape = t.loopShape(exit: { root in for track in measured { try track.animateOut(in: root, lastStart: lastStart) } })
        let phases = try films.phases(shape, after: entrance)
        self.phases = phases
        // The frame count is known before anything is drawn: a film of 1e12 s is refused here, not rendered.
        guard SceneLimits.frameCount(seconds: phases.end, framesPerSecond: framesPerSecond) != nil else {
            throw SceneError("timeline", "the film would last \(Checked.text(phases.end)) s; at most "
                             + "\(Checked.text(SceneLimits.maximumFilmSeconds)) s (lead + in-phase + hold + out-phase)")
        }
        let canvas = FilmCanvas(size: builder.canvasSize, scale: document.canvas.scale, background: document.canvas.background)
        var film = try films.film(canvas: canvas, shape: shape, entrance: entrance, phases: phases)
        film.title = ReviewTitle.text(name: nil, spec: document.choreography, lengths: AnimationLengths(timings))
        self.film = film
    }

    public var duration: Double { film.duration }
    public func sceneTime(at t: Double) -> Double { film.sceneTime(at: t) }
    public var frameCount: Int { film.frameCount }
    public func makeRenderer() throws -> Renderer { try film.makeRenderer() }

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
