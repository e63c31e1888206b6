import Foundation

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

extension FaultInjection {
    /// The crash tests' fault, the one way to crash a frame worker from outside (only a bug can): with
    /// `SPRUCE_OVERFLOW_AT_FRAME=<index>` in the environment, the worker that claims that frame recurses without
    /// bound instead of drawing it, until its stack overflows. Read once; without the variable, or with anything
    /// but a frame index, there is no fault.
    static let overflowAtFrame: Int? = getenv("SPRUCE_OVERFLOW_AT_FRAME").flatMap { Int(String(cString: $0)) }
}
