import Foundation
import SpruceRender

/// Watches one child (`ChildProcess`) from its own thread: when the render is cancelled it stops the child at once
/// (so a write blocked on a full pipe returns), and when the child has neither taken input nor written to stderr for
/// `stallTimeout` seconds it stops it and remembers why. A child that works quietly (a `-c copy` join takes no input
/// and says nothing) shows its progress by the size of the file it writes, `growing`. Stopping is SIGTERM, then
/// SIGKILL after `grace` seconds. The watchdog never reaps: `ChildProcess` does, and calls `finished()` first.
final class ChildWatchdog: @unchecked Sendable {
    static let grace: Double = 1
    /// How often it looks: Ctrl-C reaches ffmpeg within this. Every wake-up costs our process CPU that the encoder
    /// could use (20 ms periods would be 1 % of it at 1080p), and `finished()` wakes it at once.
    static let period = DispatchTimeInterval.milliseconds(100)

    private let pid: pid_t
    /// The child's program, for the name of the watching thread.
    private let program: String
    private let lock = NSLock()
    private var lastProgress = DispatchTime.now().uptimeNanoseconds
    private var held = false
    private var done = false
    private let stop = DispatchSemaphore(value: 0)
    private(set) var stalledAfter: Double?

    private let cancellation: RenderCancellation?
    private let stallTimeout: Double
    private let growing: String?
    private var grownTo: Int64 = -1

    /// Watches once `start` is called.
    init(pid: pid_t, program: String, cancellation: RenderCancellation?, stallTimeout: Double, growing: String? = nil) {
        (self.pid, self.program, self.cancellation) = (pid, program, cancellation)
        (self.stallTimeout, self.growing) = (stallTimeout, growing)
    }

    /// Starts the watching thread; throws `VideoError.outOfResources` when it cannot.
    func start() throws {
        try StartedThread.start("\(program) watchdog") { [self] in watch(cancellation, stallTimeout) }
    }

    /// ffmpeg took input or wrote a message.
    func touch() { lock.lock(); lastProgress = DispatchTime.now().uptimeNanoseconds; lock.unlock() }

    /// While held, the child waits for input that is not offered yet (it was started ahead of it), and no time counts
    /// toward the stall timeout; releasing counts from then on.
    func holdStallClock(_ hold: Bool) {
        lock.lock()
        held = hold
        lastProgress = DispatchTime.now().uptimeNanoseconds
        lock.unlock()
    }

    /// The child is about to be reaped; no signal may be sent to its pid afterwards.
    func finished() {
        lock.lock()
        done = true
        lock.unlock()
        stop.signal()
    }

    var stalled: Bool { lock.lock(); defer { lock.unlock() }; return stalledAfter != nil }

    private func watch(_ cancellation: RenderCancellation?, _ stallTimeout: Double) {
        var termSentAt: UInt64?
        while true {
            _ = stop.wait(timeout: .now() + Self.period)
            if let size = growingSize(), size != grownTo { grownTo = size; touch() }
            lock.lock()
            if done { lock.unlock(); return }
            let now = DispatchTime.now().uptimeNanoseconds
            let idle = held ? 0 : Double(now - lastProgress) / 1e9
            if termSentAt == nil, cancellation?.isCancelled == true || idle > stallTimeout {
                if cancellation?.isCancelled != true { stalledAfter = stallTimeout }
                kill(pid, SIGTERM)
                termSentAt = now
            } else if let sent = termSentAt, Double(now - sent) / 1e9 > Self.grace {
                kill(pid, SIGKILL)
                lock.unlock()
                return
            }
            lock.unlock()
        }
    }

    /// The size of `growing` now (-1 while it does not exist).
    private func growingSize() -> Int64? {
        guard let growing else { return nil }
        var info = stat()
        return stat(growing, &info) == 0 ? Int64(info.st_size) : -1
    }
}
