/// The size and timing of a frame sequence. Pixels are 32-bit BGRA, premultiplied alpha (Cairo's ARGB32 on
/// little-endian), rows packed with a stride of `width * 4` bytes.
public struct FrameFormat: Equatable, Sendable {
    /// Largest accepted width or height: beyond this, encoders refuse the stream or the buffers get absurd.
    public static let maximumDimension = 16384

    public var width: Int
    public var height: Int
    public var framesPerSecond: Double
    public var frameCount: Int

    public init(width: Int, height: Int, framesPerSecond: Double, frameCount: Int) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.frameCount = frameCount
    }

    public var bytesPerRow: Int { width * 4 }
    public var bytesPerFrame: Int { width * height * 4 }

    /// Checks what every output needs; throws `VideoError.invalidFrameFormat` naming the bad field.
    public func validate() throws {
        let limit = FrameFormat.maximumDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw VideoError.invalidFrameFormat("frame size \(width)x\(height) is outside 1...\(limit) pixels")
        }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw VideoError.invalidFrameFormat("frame rate \(framesPerSecond) fps is not in (0, 1000]")
        }
        guard frameCount >= 1 else {
            throw VideoError.invalidFrameFormat("frame count \(frameCount) must be at least 1")
        }
    }
}

/// Something that can draw a frame sequence, possibly on several threads at once.
///
/// Each drawing thread gets its own cursor, so a source whose frames depend on the previous ones (a simulation
/// stepped by a fixed clock) keeps its state per cursor. The contract that makes parallel drawing deterministic:
/// every cursor must produce exactly the same pixels for frame `i`, whichever frames it was asked for before.
public protocol FrameSource {
    var format: FrameFormat { get }
    /// Called on the rendering thread before the drawing threads start, once per drawing thread and pass.
    func makeCursor() throws -> FrameCursor
}

/// One thread's private view of a `FrameSource`.
///
/// It is asked for strictly increasing frame indices (it may be asked to skip some). The buffer is reused from
/// frame to frame, so `draw` must write every one of its `format.bytesPerFrame` bytes.
public protocol FrameCursor: AnyObject {
    func draw(frame index: Int, into pixels: UnsafeMutableRawBufferPointer) throws
}
