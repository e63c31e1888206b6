import Foundation

/// The ffmpeg (and ffprobe) children alive right now, so an interrupt that cannot wait for the normal unwinding (a
/// second Ctrl-C) still stops every one of them before the process exits.
public final class ChildProcesses: @unchecked Sendable {
    public static let shared = ChildProcesses()
    private let lock = NSLock()
    private var pids: Set<pid_t> = []

    func add(_ pid: pid_t) { lock.lock(); pids.insert(pid); lock.unlock() }
    func remove(_ pid: pid_t) { lock.lock(); pids.remove(pid); lock.unlock() }

    /// SIGTERM to every child, up to `grace` seconds for them to exit, then SIGKILL; reaps them all.
    public func stopAll(grace: Double = 0.5) {
        lock.lock()
        let all = pids
        pids.removeAll()
        lock.unlock()
        for pid in all { kill(pid, SIGTERM) }
        var left = all
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(grace * 1e9)
        while !left.isEmpty, DispatchTime.now().uptimeNanoseconds < deadline {
            left = left.filter { pid in var raw: Int32 = 0; return waitpid(pid, &raw, WNOHANG) == 0 }
            if !left.isEmpty { usleep(10_000) }
        }
        for pid in left {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        }
    }
}
