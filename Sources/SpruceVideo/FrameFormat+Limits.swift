import SpruceFilm

extension FrameFormat {
    /// Largest accepted width or height: beyond this, encoders refuse the stream or the buffers get absurd.
    public static let maximumDimension = 16384

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
