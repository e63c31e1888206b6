import Foundation
import Spruce
import SpruceRender

/// Frames of a film for the video pipeline: frame i of the source is frame `first + i` of the film. Each drawing
/// thread plays its own copy of the film through a `FilmCursor` (a fresh tree on a fresh clock, stepped one fixed
/// frame at a time) and draws only the frames it is asked for, so the pixels of frame i never depend on the thread
/// count. `Film.frameSource(range:scale:)` makes one.
public struct AnimationFrameSource: ReducibleFrameSource {
    /// Draws each frame: the film's canvas at the scale asked for.
    public let renderer: Renderer
    /// The frames' pixel size, rate and count.
    public let format: FrameFormat
    let film: Film
    /// The film's frame shown in frame 0.
    let first: Int

    init(film: Film, first: Int, frameCount: Int, renderer: Renderer) {
        self.renderer = renderer
        format = FrameFormat(width: renderer.pixelWidth, height: renderer.pixelHeight,
                             framesPerSecond: film.framesPerSecond, frameCount: frameCount)
        self.film = film
        self.first = first
    }

    /// The same frames drawn on a canvas whose odd pixel sides are one pixel longer (`Renderer.withEvenPixelSides`).
    public func withEvenPixelSides() -> AnimationFrameSource { drawn(by: renderer.withEvenPixelSides()) }

    /// The same frames drawn at a scale `divisor` times smaller (`Renderer.reduced(by:)`).
    public func reduced(by divisor: Int) -> FrameSource? { renderer.reduced(by: divisor).map(drawn(by:)) }

    /// The same film and frames, drawn by `other`.
    private func drawn(by other: Renderer) -> AnimationFrameSource {
        AnimationFrameSource(film: film, first: first, frameCount: format.frameCount, renderer: other)
    }

    /// A new cursor with its own pass through the film, for one drawing thread.
    public func makeCursor() throws -> FrameCursor { try Cursor(source: self) }

    /// A `FilmCursor` that draws: it seeks the film to each frame's time and draws the tree there.
    final class Cursor: FrameCursor {
        let source: AnimationFrameSource
        let pass: FilmCursor
        /// The snapshot of the tree as `prepare(frame:)` left it (damage tracking), nil once the tree moved on.
        var prepared: PaintSnapshot?
        /// Views in the last snapshot: the next one reserves that many records.
        var viewCount = 0
        /// The last snapshot while the tree has not moved since it was taken (nil once anything ran).
        var still: PaintSnapshot?

        init(source: AnimationFrameSource) throws {
            self.source = source
            pass = try FilmCursor(film: source.film)
        }

        var root: View { pass.root }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            try advance(toFrame: index)
            let f = source.format
            let bitmap = try Bitmap(wrapping: pixels, width: f.width, height: f.height)
            try source.renderer.draw(root, into: bitmap)
        }

        func advance(toFrame index: Int) throws {
            prepared = nil
            let t = source.film.time(ofFrame: source.first + index)
            if !pass.isStill(through: t) { still = nil }
            try pass.seek(to: t)
        }
    }
}
