/// How much of its time the frame pipeline's consumer spent waiting for drawing over its last `window` frames,
/// and from that whether the helper workers should draw (`OrderedFramePool`).
///
/// A consumer that waits for at least half of its time is held up by drawing, which another core can speed up:
/// the helpers are called. They stay called while the consumer still waits for a tenth of its time or more, and are
/// sent back once it waits less, when drawing is no longer what holds it up. A consumer that waits now and then (an
/// encoder filling its lookahead) or only a little each frame (drawing and encoding about as fast as each other,
/// every core busy) does not call them: a helper's first frame is the most expensive of all (its own cursor stepped
/// to that frame, a fresh canvas drawn and converted whole), and a helper beside a busy encoder only takes its core.
struct ConsumerWaits {
    /// Frames looked at.
    static let window = 8

    /// Per frame in the window: nanoseconds the consumer waited for it, and from the hand-over of the frame before
    /// it to its own (the consumer's work on the frame before, plus that wait).
    private var waited = [UInt64](repeating: 0, count: window)
    private var spans = [UInt64](repeating: 0, count: window)
    private var count = 0
    private var lastHandOver: UInt64?

    /// Whether the helpers may draw now.
    private(set) var helpersCalled = false

    /// Records a frame handed over at `now` after the consumer waited `wait` nanoseconds for it.
    mutating func handedOver(at now: UInt64, afterWaiting wait: UInt64) {
        defer { lastHandOver = now }
        guard let last = lastHandOver else { return }  // the first frame: nothing to compare with
        waited[count % Self.window] = wait
        spans[count % Self.window] = now &- last
        count += 1
        guard count >= Self.window else { return }
        let waitedInWindow = waited.reduce(0, +), window = spans.reduce(0, +)
        if 2 * waitedInWindow >= window {
            helpersCalled = true
        } else if 10 * waitedInWindow < window {
            helpersCalled = false
        }
    }
}
