import Foundation

/// Where a render stands, reported after every frame handed to ffmpeg (on the rendering thread).
public struct RenderProgress: Equatable, Sendable {
    /// Frames delivered in the current pass.
    public var framesDone: Int
    /// Frames in each pass.
    public var totalFrames: Int
    /// 1-based; a GIF too large for one ffmpeg run has two passes (palette, then encoding), everything else one.
    public var pass: Int
    /// How many passes the render makes.
    public var passCount: Int
    /// Since the render started.
    public var elapsed: TimeInterval
    /// Frames delivered per second over the whole render so far.
    public var framesPerSecond: Double
    /// At the current rate, for all remaining passes; `nil` until something was measured.
    public var estimatedTimeRemaining: TimeInterval?

    /// 0...1 over all passes.
    public var fractionCompleted: Double {
        let total = Double(totalFrames * passCount)
        return total > 0 ? Double((pass - 1) * totalFrames + framesDone) / total : 1
    }
}

/// Measures a render's passes against a monotonic clock (also for work that reports like a render: the frames a
/// comparison reads).
public struct ProgressMeter {
    /// Frames in each pass.
    public let totalFrames: Int
    /// How many passes the render makes.
    public let passCount: Int
    private let start = DispatchTime.now().uptimeNanoseconds

    /// A meter whose clock starts now, for `passCount` passes of `totalFrames` frames each.
    public init(totalFrames: Int, passCount: Int) {
        self.totalFrames = totalFrames
        self.passCount = passCount
    }

    /// The progress after `framesDone` frames of pass `pass` (1-based): the rate over the time since the meter started,
    /// and the time remaining at that rate.
    public func progress(framesDone: Int, pass: Int) -> RenderProgress {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let delivered = (pass - 1) * totalFrames + framesDone
        let rate = elapsed > 0 ? Double(delivered) / elapsed : 0
        let remaining = totalFrames * passCount - delivered
        return RenderProgress(
            framesDone: framesDone, totalFrames: totalFrames, pass: pass, passCount: passCount, elapsed: elapsed,
            framesPerSecond: rate, estimatedTimeRemaining: rate > 0 ? Double(remaining) / rate : nil)
    }
}
