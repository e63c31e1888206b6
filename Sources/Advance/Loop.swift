/// Anything a loop advances each frame (animators).
protocol LoopDriven: AnyObject {
    /// `isFrameEnd` is false when the loop only catches up to a callback's time between frames.
    func advance(to time: Double, isFrameEnd: Bool)
    var isRunning: Bool { get }
    var isInLoop: Bool { get set }
}

/// The offline clock: no display link, the renderer advances it one fixed frame at a time.
///
/// Every frame, running animators are advanced in the order they started running, so two runs of
/// the same program at the same frame rate produce bit-identical values. Frame n is at time
/// `n / framesPerSecond` (or `n · frameDuration`), computed afresh each frame so time never drifts.
///
/// Not thread-safe: use a loop and its animators from one thread (the render loop's).
public final class Loop {
    /// A default loop at 60 fps for README-style code. It only moves when someone advances it;
    /// renderers create their own loops and pass them to their animators.
    public static let shared = Loop(framesPerSecond: 60)

    /// Seconds between two frames: `1 / framesPerSecond`, or the duration given.
    public let frameDuration: Double
    private let framesPerSecondIfGiven: Double?

    /// Seconds since the loop started (0); a frame time, or a callback's time while callbacks run.
    public private(set) var time: Double = 0
    /// Frames advanced so far.
    public private(set) var frameIndex: Int = 0

    private var drivers: [LoopDriven] = []
    private var needsCompaction = false
    private var callbacks = CallbackQueue()
    private var passIndex = 0
    private var isAdvancing = false

    /// Precondition: `framesPerSecond` finite and > 0; `validated(framesPerSecond:)` throws instead.
    public init(framesPerSecond: Double) {
        Check.precondition { try Check.positive(framesPerSecond, "framesPerSecond") }
        frameDuration = 1 / framesPerSecond
        framesPerSecondIfGiven = framesPerSecond
    }

    /// Precondition: `frameDuration` finite and > 0; `validated(frameDuration:)` throws instead.
    public init(frameDuration: Double) {
        Check.precondition { try Check.positive(frameDuration, "frameDuration") }
        self.frameDuration = frameDuration
        framesPerSecondIfGiven = nil
    }

    /// The checked twin of ``init(framesPerSecond:)``: throws ``InvalidParameterError`` unless `framesPerSecond` is
    /// finite and > 0.
    public static func validated(framesPerSecond: Double) throws -> Loop {
        try Check.positive(framesPerSecond, "framesPerSecond")
        return Loop(framesPerSecond: framesPerSecond)
    }

    /// The checked twin of ``init(frameDuration:)``: throws ``InvalidParameterError`` unless `frameDuration` is finite
    /// and > 0.
    public static func validated(frameDuration: Double) throws -> Loop {
        try Check.positive(frameDuration, "frameDuration")
        return Loop(frameDuration: frameDuration)
    }

    /// Frames per second: the rate given, or `1 / frameDuration`.
    public var framesPerSecond: Double { framesPerSecondIfGiven ?? 1 / frameDuration }

    /// The time of frame `index`.
    public func time(ofFrame index: Int) -> Double {
        if let fps = framesPerSecondIfGiven { return Double(index) / fps }
        return Double(index) * frameDuration
    }

    /// Number of animators currently running on this loop.
    public var runningAnimatorCount: Int { drivers.lazy.filter { $0.isRunning }.count }

    /// True when no animator runs and no callback is pending: the renderer can stop.
    public var isIdle: Bool { runningAnimatorCount == 0 && callbacks.isEmpty }

    /// True when advancing to `target` cannot change anything: no animator runs and no callback is due by then (a
    /// cancelled one still counts, so a doubtful answer is no). Readers of long still stretches skip them on it.
    public func restsUntil(_ target: Double) -> Bool {
        runningAnimatorCount == 0 && (callbacks.earliestTime.map { $0 > target } ?? true)
    }

    /// Advances one frame: callbacks due by the new frame time fire at their own times (animators are
    /// first brought to each callback's time), then every running animator is brought to the frame.
    public func advance() {
        frameIndex += 1
        run(to: time(ofFrame: frameIndex))
    }

    /// Advances `count` frames.
    public func advance(frames count: Int) {
        for _ in 0..<max(count, 0) { advance() }
    }

    /// Advances frame by frame through every frame at or before `target`, then, if `target` lies
    /// between frames, brings callbacks and animators to exactly `target` (the next `advance()` goes
    /// on to the next frame). Precondition: `target` is finite; earlier times do nothing.
    public func advance(to target: Double) {
        advance(to: target, checkingBeforeEachFrame: {})
    }

    /// `advance(to:)` that calls `check` before each whole frame: an error it throws stops the loop on the
    /// frame reached so far (a long way to a late moment of a big scene can be cancelled), and stepping is
    /// otherwise exactly the same.
    public func advance(to target: Double, checkingBeforeEachFrame check: () throws -> Void) rethrows {
        Check.precondition { try Check.finite(target, "time") }
        while time(ofFrame: frameIndex + 1) <= target {
            try check()
            advance()
        }
        if target > time { run(to: target) }
    }

    // MARK: - Scheduling

    /// Runs `action` at exactly `time`, even between frames: the loop first brings running animators
    /// to `time`, sets `self.time = time`, then fires due callbacks in time order (then scheduling order).
    /// An animation started inside `action` starts at `time` and is evaluated sub-frame-accurately at
    /// the next frame.
    ///
    /// A callback for a time at or before the loop's current time (including one scheduled from
    /// inside a callback for that same time) fires at the start of the next `advance`, at the
    /// then-current time: time never runs backwards. Precondition: `time` is finite.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping () -> Void) -> ScheduledCallback {
        Check.precondition { try Check.finite(time, "time") }
        let handle = ScheduledCallback(time: time)
        let isLate = time <= self.time
        callbacks.push(CallbackQueue.Entry(
            time: isLate ? self.time : time, earliestPass: isLate ? passIndex + 1 : 0,
            handle: handle, action: action))
        return handle
    }

    /// `schedule(at: time + delay)`.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> ScheduledCallback {
        schedule(at: time + delay, action)
    }

    // MARK: - Internals

    func activate(_ driver: LoopDriven) {
        guard !driver.isInLoop else { return }
        driver.isInLoop = true
        drivers.append(driver)
    }

    private func run(to target: Double) {
        precondition(!isAdvancing, "Advance: a Loop cannot be advanced from inside one of its own callbacks")
        isAdvancing = true
        defer { isAdvancing = false }
        passIndex += 1
        var deferred: [CallbackQueue.Entry] = []
        while let entry = callbacks.popFirst(notAfter: target) {
            if entry.handle.isCancelled { continue }
            if entry.earliestPass > passIndex { deferred.append(entry); continue }
            let at = max(entry.time, time)
            if at > time { drive(to: at, isFrameEnd: false) }
            entry.handle.hasFired = true
            entry.action()
        }
        for entry in deferred { callbacks.push(entry) }
        drive(to: target, isFrameEnd: true)
    }

    /// Sets the time, then advances every running animator to it, in activation order. Simulations
    /// check convergence only at a frame end (the target of `advance`), as Advance does per display frame.
    private func drive(to t: Double, isFrameEnd: Bool) {
        time = t
        // Index-based: animators started by callbacks append to `drivers` and wait for the next time.
        let count = drivers.count
        var i = 0
        while i < count {
            let d = drivers[i]
            d.advance(to: t, isFrameEnd: isFrameEnd)
            if !d.isRunning { needsCompaction = true }
            i += 1
        }
        if needsCompaction {
            needsCompaction = false
            drivers.removeAll { d in
                if d.isRunning { return false }
                d.isInLoop = false
                return true
            }
        }
    }
}

/// A pending `Loop.schedule` callback.
public final class ScheduledCallback {
    /// The time it was scheduled for.
    public let time: Double
    /// True once ``cancel()`` was called before the callback fired; it will not fire.
    public fileprivate(set) var isCancelled = false
    /// True once the loop has run the callback.
    public fileprivate(set) var hasFired = false

    init(time: Double) { self.time = time }

    /// Keeps it from firing (no effect once fired).
    public func cancel() { isCancelled = true }
}

/// A binary min-heap of callbacks ordered by (time, scheduling order).
struct CallbackQueue {
    struct Entry {
        var time: Double
        var earliestPass: Int
        var handle: ScheduledCallback
        var action: () -> Void
        var order = 0
    }

    private var heap: [Entry] = []
    private var nextOrder = 0

    var isEmpty: Bool { !heap.contains { !$0.handle.isCancelled } }

    /// The earliest time any entry, cancelled or not, is due.
    var earliestTime: Double? { heap.first?.time }

    mutating func push(_ entry: Entry) {
        var e = entry
        if e.order == 0 { nextOrder += 1; e.order = nextOrder }
        heap.append(e)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.less(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popFirst(notAfter limit: Double) -> Entry? {
        guard let first = heap.first, first.time <= limit else { return nil }
        let last = heap.removeLast()
        if heap.isEmpty { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, Self.less(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.less(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    private static func less(_ a: Entry, _ b: Entry) -> Bool {
        a.time != b.time ? a.time < b.time : a.order < b.order
    }
}
