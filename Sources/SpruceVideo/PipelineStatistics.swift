import Foundation

/// Process-wide counters of the frame pipeline, for benchmarks and diagnostics (`spruce-bench` prints them):
/// how long the consumer, i.e. the encoder's stdin, waited for frames that were still being drawn, and how many
/// pixels damage tracking redrew out of how many frames' worth.
public enum PipelineStatistics {
    private static let lock = NSLock()
    private static var waited = 0.0
    private static var drawn = 0
    private static var framePixels = 0
    private static var packed = 0
    private static var packedFramePixels = 0
    private static var byHelpers = 0

    /// Seconds the consumer spent blocked on frames not yet drawn, summed over every render so far.
    public static var consumerWaitSeconds: Double { lock.withLock { waited } }

    /// Pixels redrawn ÷ pixels of every frame drawn so far (1 without damage tracking).
    public static var redrawnShare: Double { lock.withLock { framePixels == 0 ? .nan : Double(drawn) / Double(framePixels) } }

    /// Pixels packed into the wire format (converted to 4:2:0, or copied) ÷ pixels of every frame packed: a
    /// pool buffer holds a frame a few frames old, so it is brought up to date with the damage of all of them.
    public static var packedShare: Double {
        lock.withLock { packedFramePixels == 0 ? .nan : Double(packed) / Double(packedFramePixels) }
    }

    /// Frames drawn by helper workers (k > 0) so far: behind an encoder slower than drawing, none.
    public static var framesByHelpers: Int { lock.withLock { byHelpers } }

    static func addHelperFrame() {
        lock.withLock { byHelpers += 1 }
    }

    static func addPacked(_ pixels: Int, of frame: Int) {
        lock.withLock { packed += pixels; packedFramePixels += frame }
    }

    static func addWait(_ seconds: Double) {
        lock.withLock { waited += seconds }
    }

    static func addDrawn(_ pixels: Int, of frame: Int) {
        lock.withLock { drawn += pixels; framePixels += frame }
    }
}
