import Foundation
import SpruceFilm
import SpruceRender

/// Frames already drawn, as a `FrameSource`: a few bitmaps of one size played at `framesPerSecond` (the
/// expected-beside-actual animation of a failed golden check). Every cursor copies the same bitmaps, so drawing
/// on several threads gives the same frames.
public struct BitmapSequenceSource: FrameSource {
    public let frames: [Bitmap]
    public let format: FrameFormat

    public init(_ frames: [Bitmap], framesPerSecond: Double) throws {
        guard let first = frames.first else { throw VideoError.invalidFrameFormat("a frame sequence needs at least one frame") }
        if let other = frames.first(where: { $0.width != first.width || $0.height != first.height }) {
            throw VideoError.invalidFrameFormat("frames of \(first.width)x\(first.height) and \(other.width)x\(other.height) pixels in one sequence")
        }
        self.frames = frames
        format = FrameFormat(width: first.width, height: first.height, framesPerSecond: framesPerSecond, frameCount: frames.count)
        try format.validate()
    }

    public func makeCursor() throws -> FrameCursor { Cursor(frames: frames) }

    final class Cursor: FrameCursor {
        let frames: [Bitmap]
        init(frames: [Bitmap]) { self.frames = frames }
        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            frames[index].copyPackedBGRA(into: pixels)
        }
    }
}
