import Advance
import Foundation
import Spruce
import SpruceRender
import SpruceVideo

/// A scene played as a film: the screen starts prepared (empty), the views animate in in the sort
/// function's order, hold, and — for the `-out` loop styles — animate back out in the reverse order,
/// as the Spruce README gifs do, so the film loops seamlessly.
public struct ScenePlayer {
    public let document: SceneDocument
    public let builder: SceneBuilder
    public let framesPerSecond: Double
    public let sortFunction: SortFunction
    public let animation: TimedAnimation
    public let stockAnimations: [StockAnimation]
    /// The in-phase as `view.spruce.animate` reports it (start and end of every view).
    public let timings: [Choreography.Timing]
    public let phases: Phases
    let startsByWalkIndex: [Int: Double]

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
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw SceneError("timeline.fps", "must be in (0, 1000], got \(framesPerSecond)")
        }
        self.document = document
        self.framesPerSecond = framesPerSecond
        builder = try SceneBuilder(document)
        let spec = document.choreography
        sortFunction = try spec.makeSortFunction()
        animation = try spec.makeAnimation()
        stockAnimations = spec.makeStockAnimations()

        // A dry run on a throwaway loop gives the in-phase timings without drawing anything.
        let probe = Loop(framesPerSecond: framesPerSecond)
        let root = builder.makeRoot()
        let (target, excluded) = try ScenePlayer.resolve(spec, in: root)
        let (sort, anim) = (sortFunction, animation)
        let choreography = probe.makeCurrent {
            target.spruce.animate(withSortFunction: sort, prepare: nil, animation: anim,
                                  exclude: excluded, recursiveDepth: spec.recursiveDepth)
        }
        timings = choreography.timings
        let walk = SpruceUIView.subviews(of: target, recursiveDepth: spec.recursiveDepth).map { ObjectIdentifier($0.view) }
        let walkIndex = Dictionary(uniqueKeysWithValues: walk.enumerated().map { ($1, $0) })
        var starts: [Int: Double] = [:]
        for (v, t) in zip(choreography.views, choreography.timings) { if let i = walkIndex[ObjectIdentifier(v)] { starts[i] = t.start } }
        startsByWalkIndex = starts
        let t = document.timeline
        let inStart = t.lead
        let inEnd = inStart + choreography.duration
        switch t.loop {
        case .in, .inHold:
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: nil, end: inEnd + t.hold)
        case .inHoldReverse:
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: nil, reverseFrom: inEnd + t.hold,
                            end: inEnd + t.hold + inEnd)
        case .inOut:
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: inEnd, reverseFrom: nil,
                            end: inEnd + choreography.duration + t.lead)
        case .inHoldOut:
            phases = Phases(animateIn: inStart, inEnd: inEnd, animateOut: inEnd + t.hold, reverseFrom: nil,
                            end: inEnd + t.hold + choreography.duration + t.lead)
        }
    }

    static func resolve(_ spec: ChoreographySpec, in root: View) throws -> (View, [View]) {
        var target = root
        if let id = spec.target {
            guard let v = root.view(withID: id) else { throw SceneError("choreography.target", "no view has the id \"\(id)\"") }
            target = v
        }
        let excluded = try spec.exclude.enumerated().map { i, id -> View in
            guard let v = root.view(withID: id) else { throw SceneError("choreography.exclude[\(i)]", "no view has the id \"\(id)\"") }
            return v
        }
        return (target, excluded)
    }

    public var duration: Double { phases.end }

    /// The moment of the scene shown at film time `t`: `t` itself, except in a reversed part, where the
    /// film runs back through the entrance (mirrored about the middle of the hold).
    public func sceneTime(at t: Double) -> Double {
        guard let from = phases.reverseFrom, t > from else { return t }
        return max(0, phases.inEnd - (t - from))
    }
    /// Frames at 0, 1/fps, … up to the end of the film.
    public var frameCount: Int { max(1, Int((duration * framesPerSecond).rounded(.up))) }

    public func makeRenderer() throws -> Renderer {
        try Renderer(size: builder.canvasSize, scale: document.canvas.scale, background: document.canvas.background)
    }

    /// Builds a fresh tree and schedules the whole film on `loop` (whose time should be 0).
    public func makeScene(on loop: Loop) throws -> View {
        let root = builder.makeRoot()
        let spec = document.choreography
        let (target, excluded) = try ScenePlayer.resolve(spec, in: root)
        let skip = Set(excluded.map(ObjectIdentifier.init))
        let views = sortFunction.timeOffsets(view: target, recursiveDepth: spec.recursiveDepth)
            .map(\.spruceView).filter { !skip.contains(ObjectIdentifier($0)) }
        let prepares = stockAnimations.map(\.prepareFunction)
        for v in views { prepares.forEach { $0(v) } }

        var animateIn = animation
        let changes = stockAnimations.map(\.animationFunction)
        animateIn.changeFunction = { v in changes.forEach { $0(v) } }
        let sort = sortFunction, depth = spec.recursiveDepth
        loop.schedule(at: phases.animateIn) {
            target.spruce.animate(withSortFunction: sort, prepare: nil, animation: animateIn, exclude: excluded, recursiveDepth: depth)
        }
        if let outTime = phases.animateOut {
            var animateOut = animation
            animateOut.changeFunction = { v in prepares.forEach { $0(v) } }
            let mirrored = MirroredSortFunction(startsByWalkIndex: startsByWalkIndex)
            loop.schedule(at: outTime) {
                target.spruce.animate(withSortFunction: mirrored, prepare: nil, animation: animateOut,
                                      exclude: excluded, recursiveDepth: depth)
            }
        }
        return root
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

    /// The scene at `time` seconds, drawn into a new bitmap.
    public func render(at time: Double) throws -> Bitmap {
        guard time.isFinite, time >= 0 else { throw SceneError("", "time \(time) must be a finite number ≥ 0") }
        let loop = Loop(framesPerSecond: framesPerSecond)
        let root = try loop.makeCurrent { try makeScene(on: loop) }
        loop.makeCurrent { loop.advance(to: sceneTime(at: time)) }
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

    func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let last = startsByWalkIndex.values.max() ?? 0
        return SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth).enumerated().compactMap { i, s in
            startsByWalkIndex[i].map { TimedView(spruceView: s.view, timeOffset: last - $0) }
        }
    }
}
