import Advance
import Foundation
import Spruce
import SpruceRender

/// Frames of any Spruce animation: `makeScene` builds a fresh view tree and starts its animations on
/// the loop it is given (which is `Loop.current` while it runs). Each drawing thread builds its own
/// scene and steps its own loop through every frame, drawing only the frames it is asked for, so the
/// pixels of frame i never depend on the thread count.
public struct AnimationFrameSource: ReducibleFrameSource {
    public let renderer: Renderer
    public let format: FrameFormat
    let makeScene: (Loop) throws -> View
    let sceneTime: ((Int) -> Double)?

    /// - Parameter sceneTime: the scene's time shown in frame i, when it is not `i / fps` (a film that
    ///   plays backwards). A cursor asked for an earlier time than it has reached builds its scene
    ///   afresh and plays forward again, so every frame is reached the same way on every thread.
    public init(renderer: Renderer, framesPerSecond: Double, frameCount: Int,
                sceneTime: ((Int) -> Double)? = nil, makeScene: @escaping (Loop) throws -> View) {
        self.renderer = renderer
        format = FrameFormat(width: renderer.pixelWidth, height: renderer.pixelHeight,
                             framesPerSecond: framesPerSecond, frameCount: frameCount)
        self.makeScene = makeScene
        self.sceneTime = sceneTime
    }

    /// The same frames drawn on a canvas whose odd pixel sides are one pixel longer (`Renderer.withEvenPixelSides`).
    public func withEvenPixelSides() -> AnimationFrameSource { drawn(by: renderer.withEvenPixelSides()) }

    /// The same frames drawn at a scale `divisor` times smaller (`Renderer.reduced(by:)`).
    public func reduced(by divisor: Int) -> FrameSource? { renderer.reduced(by: divisor).map(drawn(by:)) }

    /// The same film, frame count, rate and time map, drawn by `other`.
    private func drawn(by other: Renderer) -> AnimationFrameSource {
        AnimationFrameSource(renderer: other, framesPerSecond: format.framesPerSecond, frameCount: format.frameCount,
                             sceneTime: sceneTime, makeScene: makeScene)
    }

    public func makeCursor() throws -> FrameCursor {
        let cursor = Cursor(source: self)
        try cursor.rebuild()
        return cursor
    }

    final class Cursor: FrameCursor {
        let source: AnimationFrameSource
        var loop: Loop!
        var root: View!
        /// The snapshot of the tree as `prepare(frame:)` left it (damage tracking), nil once the tree moved on.
        var prepared: PaintSnapshot?
        /// Views in the last snapshot: the next one reserves that many records.
        var viewCount = 0
        /// The last snapshot while the tree has not moved since it was taken (nil once anything ran).
        var still: PaintSnapshot?

        init(source: AnimationFrameSource) { self.source = source }

        func rebuild() throws {
            let fresh = try Loop.validated(framesPerSecond: source.format.framesPerSecond)
            root = try fresh.makeCurrent { try source.makeScene(fresh) }
            loop = fresh
        }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            try advance(toFrame: index)
            let f = source.format
            let bitmap = try Bitmap(wrapping: pixels, width: f.width, height: f.height)
            try source.renderer.draw(root, into: bitmap)
        }

        func advance(toFrame index: Int) throws {
            prepared = nil
            // Without a time map, frame i shows the loop's own frame i: `advance(to:)` then steps whole frames.
            let t = source.sceneTime?(index) ?? loop.time(ofFrame: index)
            if t < loop.time || !loop.restsUntil(t) { still = nil }
            if t < loop.time { try rebuild() }
            let loop = self.loop!
            loop.makeCurrent { loop.advance(to: t) }
        }
    }
}
