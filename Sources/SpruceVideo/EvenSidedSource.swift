import Foundation
import SpruceFilm

/// Frames of odd width or height, as H.264 in 4:2:0 takes them: one column or row longer, a copy of the last one
/// (no colour is invented at the edge, and nothing of the picture moves), so that frames of any size, 57×45 files
/// given to `stitch` among them, make an MP4. A film's own frames are drawn larger instead (`AnimationFrameSource.withEvenPixelSides`),
/// which shows the scene there rather than a copy; `VideoRenderer.render` chooses.
public struct EvenSidedSource: FrameSource {
    public let inner: FrameSource
    public let format: FrameFormat

    public init(_ inner: FrameSource) {
        self.inner = inner
        var format = inner.format
        (format.width, format.height) = (format.width + format.width % 2, format.height + format.height % 2)
        self.format = format
    }

    public func makeCursor() throws -> FrameCursor { Cursor(inner: try inner.makeCursor(), drawn: inner.format, padded: format) }

    final class Cursor: FrameCursor {
        let inner: FrameCursor
        let drawn: FrameFormat, padded: FrameFormat
        var buffer: [UInt8]

        init(inner: FrameCursor, drawn: FrameFormat, padded: FrameFormat) {
            (self.inner, self.drawn, self.padded) = (inner, drawn, padded)
            buffer = [UInt8](repeating: 0, count: drawn.bytesPerFrame)
        }

        func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
            try buffer.withUnsafeMutableBytes { try inner.draw(frame: index, into: $0) }
            let (w, h, pw) = (drawn.width, drawn.height, padded.width)
            let out = pixels.baseAddress!
            buffer.withUnsafeBytes { src in
                for y in 0..<padded.height {
                    let from = src.baseAddress! + min(y, h - 1) * w * 4, to = out + y * pw * 4
                    to.copyMemory(from: from, byteCount: w * 4)
                    if pw > w { (to + w * 4).copyMemory(from: from + (w - 1) * 4, byteCount: 4) }
                }
            }
        }
    }
}
