import Advance
import Foundation
import Spruce
import SpruceRender

/// A choreography over time: a view tree, the animations that play on the film's own clock, a frame
/// rate and a loop shape. Swift code (`Film(size:…, root:, choreography:)`), scene files
/// (`SceneFilm(…).film`) and the command line all build one, and every output takes one: videos,
/// stills, frame folders, contact sheets, timing charts, timing JSON and the snapshot strategies.
///
/// A film is a value: every frame is computed afresh from the description (a new tree, a new clock
/// stepped one fixed frame at a time), so `frame(at:)` gives the same pixels on any thread, in any order.
public struct Film {
    /// Canvas size in points, pixels per point and the colour behind the views (nil: transparent).
    public var canvas: FilmCanvas
    /// Frames per second of the film's clock and of every output drawn from it.
    public let framesPerSecond: Double
    /// When each part of the film begins and ends (from the animations' settling times).
    public let phases: FilmPhases
    /// Every view the in-phase animates: start and end from the `animate` call, times from the in-phase's start. One
    /// call after another, in the order they were made (a scene's choreographies in file order), each in start order.
    public let timings: [Choreography.Timing]
    /// When the in-phase's animations are all at rest, in seconds from their start (≥ every timing's end:
    /// springs keep moving after their nominal duration).
    public let settlingTime: Double
    /// What the film shows, for titles of sheets, charts and reports (a scene's name, sort and animation).
    public var title: String?
    /// Builds a fresh tree and schedules the whole film on the loop it is given (current while it runs).
    let makeScene: (Loop) throws -> View

    /// A film whose phases and timings are known and whose `makeScene` schedules them (`FilmBuilder` makes every film
    /// of Swift code and scene files through it).
    public init(canvas: FilmCanvas, framesPerSecond: Double, phases: FilmPhases, timings: [Choreography.Timing],
                settlingTime: Double? = nil, makeScene: @escaping (Loop) throws -> View) throws {
        try FilmError.checkRate(framesPerSecond)
        try canvas.validate()
        self.canvas = canvas
        self.framesPerSecond = framesPerSecond
        self.phases = phases
        self.timings = timings
        self.settlingTime = settlingTime ?? (timings.map(\.end).max() ?? 0)
        self.makeScene = makeScene
    }

    /// The film's length in seconds: the end of its last phase.
    public var duration: Double { phases.end }

    /// The moment a still shows unless told otherwise: when every view has arrived, or the film's end when the film
    /// is cut before that (the phones scene's fixed duration ends before its last spring is at rest: its still is
    /// the film's last moment).
    public var stillTime: Double { min(phases.inEnd, duration) }

    /// Frames at 0, 1/fps, … up to the end of the film.
    public var frameCount: Int { max(1, Int((duration * framesPerSecond).rounded(.up))) }

    /// The time of frame `index`.
    public func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }

    /// The moment of the choreography shown at film time `t`: `t` itself, except in a reversed part,
    /// where the film runs backwards from `reverseFrom`.
    public func sceneTime(at t: Double) -> Double {
        guard let from = phases.reverseFrom, t > from else { return t }
        return max(0, 2 * from - t)
    }

    /// A fresh tree with the whole film scheduled on `loop` (whose time should be 0).
    public func makeScene(on loop: Loop) throws -> View {
        try loop.makeCurrent { try makeScene(loop) }
    }

    /// A renderer for the film's canvas, at `scale` pixels per point or the canvas's own scale; throws what
    /// `Renderer` throws for a canvas too large to draw.
    public func makeRenderer(scale: CGFloat? = nil) throws -> Renderer {
        var renderer = try Renderer(size: canvas.size, scale: scale ?? canvas.scale, background: canvas.background)
        renderer.antialias = canvas.antialias
        return renderer
    }
}

/// The canvas a film is drawn on.
public struct FilmCanvas: Equatable {
    /// The canvas size in points; both sides finite and > 0.
    public var size: CGSize
    /// Pixels per point (default 1).
    public var scale: CGFloat
    /// The colour behind the views (default white); nil leaves the canvas transparent.
    public var background: Color?
    /// Edge smoothing (`.good` everywhere; other settings exist to test that goldens tolerate them).
    public var antialias: Antialias = .good

    /// A canvas of `size` points at `scale` pixels per point on `background`; checked when a film is made on it.
    public init(size: CGSize, scale: CGFloat = 1, background: Color? = .white) {
        (self.size, self.scale, self.background) = (size, scale, background)
    }

    func validate() throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw FilmError.invalid("canvas size must be positive, got \(size.width)×\(size.height)")
        }
        guard scale.isFinite, scale > 0 else { throw FilmError.invalid("canvas scale must be positive, got \(scale)") }
    }
}
