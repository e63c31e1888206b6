/// The size and timing of a frame sequence. Pixels are 32-bit BGRA, premultiplied alpha (Cairo's ARGB32 on
/// little-endian), rows packed with a stride of `width * 4` bytes.
public struct FrameFormat: Equatable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Frames per second of the sequence.
    public var framesPerSecond: Double
    /// Frames in the sequence.
    public var frameCount: Int

    /// The format of `frameCount` frames of `width` × `height` pixels at `framesPerSecond`.
    public init(width: Int, height: Int, framesPerSecond: Double, frameCount: Int) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.frameCount = frameCount
    }

    /// Bytes in one row: `width × 4`.
    public var bytesPerRow: Int { width * 4 }
    /// Bytes in one frame: `width × height × 4`.
    public var bytesPerFrame: Int { width * height * 4 }
}

/// Something that can draw a frame sequence, possibly on several threads at once.
///
/// Each drawing thread gets its own cursor, so a source whose frames depend on the previous ones (a simulation
/// stepped by a fixed clock) keeps its state per cursor. The contract that makes parallel drawing deterministic:
/// every cursor must produce exactly the same pixels for frame `i`, whichever frames it was asked for before.
public protocol FrameSource {
    /// The frames' pixel size, rate and count.
    var format: FrameFormat { get }
    /// Called on the rendering thread before the drawing threads start, once per drawing thread and pass.
    func makeCursor() throws -> FrameCursor
}

/// A frame source that can draw the same frames with fewer pixels.
public protocol ReducibleFrameSource: FrameSource {
    /// The same frames, the same count and rate, each pixel side `divisor` times shorter; nil if it cannot.
    func reduced(by divisor: Int) -> FrameSource?
}

/// One thread's private view of a `FrameSource`.
///
/// It is asked for strictly increasing frame indices (it may be asked to skip some). The buffer is reused from
/// frame to frame, so `draw` must write every one of its `format.bytesPerFrame` bytes.
public protocol FrameCursor: AnyObject {
    /// Draws frame `index` into `pixels`, all `format.bytesPerFrame` bytes of it; throws when the frame cannot be drawn
    /// or the render is cancelled.
    func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws
}
