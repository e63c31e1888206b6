import CCrashCleanup
import Foundation
import SpruceRender

/// The ffmpeg (and ffprobe) children alive right now, so an interrupt that cannot wait for the normal unwinding (a
/// second Ctrl-C) still stops every one of them before the process exits, and so does a crash (`CCrashCleanup`).
public final class ChildProcesses: @unchecked Sendable {
    public static let shared = ChildProcesses()
    private let lock = NSLock()
    /// Each child and the seconds it needs, after SIGTERM, to stop by itself (a render-gif child stops its own
    /// ffmpeg and removes its temporary files; killing it sooner would leave them behind).
    private var pids: [pid_t: Double] = [:]

    /// `stopAll` ran: the process is about to exit.
    private var closed = false

    /// Starts a child with `spawn` (its pid, or nil when it did not start) and registers it to be stopped with the
    /// others, as one step: `stopAll` never runs between the two, so an interrupt cannot miss a child started just
    /// before it. Once `stopAll` ran, nothing more is started: the calling thread waits for the process to exit
    /// instead. `remove` the child once it has exited (and been reaped).
    public func start(stopGrace: Double = 0, _ spawn: () throws -> pid_t?) rethrows -> pid_t? {
        lock.lock()
        guard !closed else { lock.unlock(); TemporaryFiles.waitForTheExit() }
        defer { lock.unlock() }
        guard let pid = try spawn() else { return nil }
        pids[pid] = stopGrace
        _ = crash_cleanup_add_pid(pid, Int32(min(max(stopGrace, 0), 60) * 1000))
        return pid
    }

    public func remove(_ pid: pid_t) {
        lock.lock()
        if pids.removeValue(forKey: pid) != nil { crash_cleanup_remove_pid(pid) }
        lock.unlock()
    }

    /// SIGTERM to every child, up to `grace` seconds (or a child's own, if longer) for them to exit, then SIGKILL;
    /// reaps them all. Starts nothing more from now on: for the last moments of an interrupted run.
    public func stopAll(grace: Double = 0.5) {
        lock.lock()
        closed = true
        let all = pids
        pids.removeAll()
        all.keys.forEach { crash_cleanup_remove_pid($0) }
        lock.unlock()
        for pid in all.keys { kill(pid, SIGTERM) }
        var left = Set(all.keys)
        let longest = max(grace, all.values.max() ?? 0)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(longest * 1e9)
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
