/// Hooks for tests that need faults which cannot be produced from outside (internal; reach it with `@testable`).
struct FaultInjection: Sendable {
    /// Send SIGKILL to ffmpeg once this many frames of a pass were written to it.
    var killFFmpegAfterFrames: Int?
    /// Skip the `ffmpeg -encoders` probe made after a failure (fake ffmpeg scripts cannot answer it).
    var skipEncoderCheck = false
    /// Sees every frame exactly as it is handed to `write(2)`, with its index and pass (1-based).
    var frameTap: (@Sendable (Int, Int, UnsafeRawBufferPointer) -> Void)?
    /// Replaces `VideoRenderer.oneRunBytes`: 0 makes every GIF in two ffmpeg runs.
    var oneRunBytes: Int?
}
