import Advance
import Foundation
import Spruce
import SpruceRender

/// Frames of any Spruce animation: `makeScene` builds a fresh view tree and starts its animations on
/// the loop it is given (which is `Loop.current` while it runs). Each drawing thread builds its own
/// scene and steps its own loop through every frame, drawing only the frames it is asked for, so the
/// pixels of frame i never depend on the thread count.
public struct AnimationFrameSource: FrameSource {
    public let renderer: Renderer
    public let format: FrameFormat
    let makeScene: (Loop) throws -> View

    public init(renderer: Renderer, framesPerSecond: Double, frameCount: Int,
                makeScene: @escaping (Loop) throws -> View) {
        self.renderer = renderer
        format = FrameFormat(width: renderer.pixelWidth, height: renderer.pixelHeight,
                             framesPerSecond: framesPerSecond, frameCount: frameCount)
        self.makeScene = makeScene
    }

    public func makeCursor() throws -> FrameCursor {
        let loop = try Loop.validated(framesPerSecond: format.framesPerSecond)
        let root = try loop.makeCurrent { try makeScene(loop) }
        return Cursor(renderer: renderer, loop: loop, root: root, format: format)
    }

    final class Cursor: FrameCursor {
        let renderer: Renderer, loop: Loop, root: View, format: FrameFormat

        init(renderer: Renderer, loop: Loop, root: View, format: FrameFormat) {
            (self.renderer, self.loop, self.root, self.format) = (renderer, loop, root, format)
        }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            loop.makeCurrent { while loop.frameIndex < index { loop.advance() } }
            let bitmap = try Bitmap(wrapping: pixels, width: format.width, height: format.height)
            try renderer.draw(root, into: bitmap)
        }
    }
}
