import Foundation
import SpruceRender

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One child program (ffmpeg, ffprobe, gifsicle, or render-gif running a batch item), spawned with posix_spawn so we
/// control exactly what it inherits: stdin (a pipe we write frames into, or /dev/null), stdout (/dev/null or a
/// pipe), stderr (a pipe drained into a `StderrTail`), and nothing else (every other descriptor is closed in the
/// child; our pipes are O_CLOEXEC anyway). A process that was not waited for is killed and reaped in `deinit`, so no
/// path leaves a zombie behind. Every message about the child names it by `program`.
final class ChildProcess {
    let executable: String
    /// The program's name for messages ("ffmpeg", "ffprobe", "gifsicle"), whatever its executable is called.
    let program: String
    private(set) var pid: pid_t = 0
    private var stdinFD: Int32 = -1
    private(set) var stdoutFD: Int32 = -1
    private let tail = StderrTail()
    private let stderrDrained = DispatchSemaphore(value: 0)
    private var status: Int32?
    private(set) var watchdog: ChildWatchdog?
    /// The stdin pipe's size, once `canSplice` asked for it.
    private var pipeCapacity: Int?
    private var splicedFrames = SplicedFrames()

    /// A write to a pipe whose reader died must fail with EPIPE, not kill the whole program.
    private static let ignoreSIGPIPE: Void = {
        IgnoredSignals.record()
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// `program` names the child in every message about it (`VideoError.programFailed`, pipe and thread failures).
    /// `cancellation` and `stallTimeout` start a `ChildWatchdog`: the child is stopped when the render is cancelled or
    /// when it made no progress (no input taken, no message written, `growing` no larger) for `stallTimeout` seconds.
    /// `ownProcessGroup` puts the child in a process group of its own, so that a Ctrl-C at the terminal reaches
    /// only us and the child gets exactly the one signal we pass on; `stopGrace` is how long `ChildProcesses.stopAll`
    /// lets it take to stop after SIGTERM. An unpiped stdin or stdout is `nullDevice` (tests name one that cannot be
    /// opened).
    init(_ program: String, executable: String, arguments: [String], pipeStdin: Bool, pipeStdout: Bool = false,
         cancellation: RenderCancellation? = nil, stallTimeout: Double? = nil, growing: String? = nil,
         ownProcessGroup: Bool = false, stopGrace: Double = 0, nullDevice: String = "/dev/null") throws {
        _ = ChildProcess.ignoreSIGPIPE
        self.executable = executable
        self.program = program

        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        func closeAll() { for fd in inPipe + outPipe + errPipe where fd >= 0 { close(fd) } }
        guard !pipeStdin || GNUExtensions.closeOnExecPipe(&inPipe) == 0,
            !pipeStdout || GNUExtensions.closeOnExecPipe(&outPipe) == 0,
            GNUExtensions.closeOnExecPipe(&errPipe) == 0
        else {
            let why = String(cString: strerror(errno))
            closeAll()
            throw VideoError.io("cannot create a pipe to \(program): \(why)")
        }
        // Opened here rather than by the spawn, whose failure would read as the program's own ("could not be started").
        var nullIn: Int32 = -1, nullOut: Int32 = -1
        defer { for fd in [nullIn, nullOut] where fd >= 0 { close(fd) } }
        func openNull(_ flags: Int32) throws -> Int32 {
            let fd = open(nullDevice, flags | O_CLOEXEC)
            guard fd < 0 else { return fd }
            let why = String(cString: strerror(errno))
            closeAll()
            throw VideoError.io("cannot open \(nullDevice) for \(program): \(why)")
        }
        if !pipeStdin { nullIn = try openNull(O_RDONLY) }
        if !pipeStdout { nullOut = try openNull(O_WRONLY) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if pipeStdin {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, nullIn, 0)
        }
        if pipeStdout {
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        } else {
            posix_spawn_file_actions_adddup2(&actions, nullOut, 1)
        }
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        GNUExtensions.addCloseFrom(&actions, 3)

        // The child gets default signal handling (we ignore SIGPIPE; ignored signals survive exec) and no mask, except
        // for the signals the process was started with ignored (`nohup`'s SIGHUP, the user's SIGPIPE): those it
        // inherits ignored, as it would have without render-gif in between.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&defaults)
        if !IgnoredSignals.atStart(SIGPIPE) { sigaddset(&defaults, SIGPIPE) }
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var rc: Int32 = 0
        let started = ChildProcesses.shared.start(stopGrace: stopGrace) { () -> pid_t? in
            var child: pid_t = 0
            rc = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
            return rc == 0 ? child : nil
        }
        // The child's ends belong to the child now.
        if inPipe[0] >= 0 { close(inPipe[0]); inPipe[0] = -1 }
        if outPipe[1] >= 0 { close(outPipe[1]); outPipe[1] = -1 }
        close(errPipe[1]); errPipe[1] = -1
        guard let child = started else {
            closeAll()
            // No process left for the user (`ulimit -u`) or no memory for one is the machine's limit, not the
            // program's.
            if rc == EAGAIN || rc == ENOMEM {
                throw VideoError.outOfResources("cannot start \(executable): \(String(cString: strerror(rc)))")
            }
            throw failure("could not be started (\(executable): \(String(cString: strerror(rc))))")
        }
        pid = child
        if cancellation != nil || stallTimeout != nil {
            let dog = ChildWatchdog(pid: child, program: program, cancellation: cancellation,
                                    stallTimeout: stallTimeout ?? .infinity, growing: growing)
            watchdog = dog
            tail.onData = { dog.touch() }
        }
        stdinFD = inPipe[1]
        stdoutFD = outPipe[0]
        GNUExtensions.enlargePipe(stdinFD)

        // A thread that cannot start (`ulimit -u`) stops the child at once: nothing would drain or watch it.
        let errFD = errPipe[0]
        let tail = self.tail, drained = stderrDrained
        do {
            try StartedThread.start("\(program) stderr") {
                tail.drain(errFD)
                drained.signal()
            }
        } catch {
            close(errFD)
            drained.signal()
            kill()
            throw error
        }
        do { try watchdog?.start() } catch {
            kill()
            throw error
        }
    }

    deinit {
        if status == nil { kill() }
        closeStdin()
        if stdoutFD >= 0 { close(stdoutFD) }
    }

    /// Whether `write(frame:index:of:splicing: true)` can hand over a buffer of `count` bytes without copying it,
    /// and with the guarantee `FramePipeline` relies on: once a later buffer of at least this size has been fully
    /// handed over, this one has been read (the pipe holds less than one buffer).
    func canSplice(buffersOf count: Int) -> Bool {
        guard GNUExtensions.canSplice, let capacity = GNUExtensions.pipeCapacity(stdinFD) else { return false }
        pipeCapacity = capacity
        return count > capacity
    }

    /// Writes frame `index` of a run of `count` frames: spliced when `splicing` (see `SplicedFrames`), except the
    /// last one's final pipeful, which is copied, so that once it is written nothing in the pipe points into the
    /// caller's buffers. The caller keeps each buffer untouched until the next frame's call returned.
    func write(frame bytes: UnsafeRawBufferPointer, index: Int, of count: Int, splicing: Bool) throws {
        do {
            guard splicing, let pipeCapacity else { return try write(bytes) }
            if index == count - 1 {
                return try splicedFrames.handLast(bytes, capacity: pipeCapacity, splice: { try splice($0) },
                                                  wait: waitUntilWritable, write: { try write($0) })
            }
            try splicedFrames.hand(bytes, capacity: pipeCapacity, splice: { try splice($0) }, wait: waitUntilWritable)
        } catch {
            _ = splicedFrames.takeTail()  // ffmpeg is gone; nothing may point into the caller's buffers later
            throw error
        }
    }

    /// Writes all of `bytes` (normally one `write(2)`; loops only on partial writes and EINTR).
    /// Throws `programFailed` if the child stopped reading (EPIPE): the caller then reaps it for the real reason.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(stdinFD, bytes.baseAddress! + offset, bytes.count - offset)
            if n >= 0 {
                offset += n
                watchdog?.touch()
            } else if errno != EINTR {
                throw writeFailed()
            }
        }
    }

    /// One `vmsplice(2)` of `pieces` (retried on EINTR): the number of bytes the pipe took.
    private func splice(_ pieces: [UnsafeRawBufferPointer]) throws -> Int {
        while true {
            let n = GNUExtensions.vmsplice(stdinFD, pieces)
            if n >= 0 {
                watchdog?.touch()
                return n
            }
            if errno != EINTR { throw writeFailed() }
        }
    }

    private func writeFailed() -> VideoError {
        failure("writing frames to \(program) failed: \(String(cString: strerror(errno)))")
    }

    /// Sleeps until the pipe has room (or ffmpeg closed it: the next write then fails with EPIPE).
    private func waitUntilWritable() {
        var entry = pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)
        while poll(&entry, 1, -1) < 0 && errno == EINTR {}
    }

    /// While held, no time counts toward the stall timeout (`ChildWatchdog.holdStallClock`): for a child started
    /// ahead of its input.
    func holdStallClock(_ hold: Bool) { watchdog?.holdStallClock(hold) }

    /// End of input: ffmpeg flushes its encoder and finishes the file.
    func closeStdin() {
        if stdinFD >= 0 { close(stdinFD); stdinFD = -1 }
    }

    /// SIGTERM, up to `ChildWatchdog.grace` seconds to exit, then SIGKILL; reaps. Safe to call twice and after
    /// `wait()`.
    func kill() {
        guard status == nil, pid > 0 else { return }
        closeStdin()
        _ = Glibc.kill(pid, SIGTERM)
        waitForExit(orKillAfter: ChildWatchdog.grace)
    }

    /// The watchdog stopped ffmpeg because it made no progress for this many seconds.
    var stalledAfter: Double? { watchdog?.stalledAfter }

    /// Reaps the child and waits for its stderr to be drained. Returns the raw wait status.
    @discardableResult
    func waitForExit() -> Int32 {
        if let status { return status }
        closeStdin()
        var raw: Int32 = 0
        // Blocking wait: the watchdog may still signal the child, which is not reaped yet.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        watchdog?.finished()
        while waitpid(pid, &raw, 0) < 0 {
            if errno != EINTR { raw = -1; break }
        }
        ChildProcesses.shared.remove(pid)
        status = raw
        stderrDrained.wait()
        return raw
    }

    /// After a failed write ffmpeg is usually exiting on its own with a useful message; give it `seconds` to do
    /// so (its real exit status and stderr explain the failure better than EPIPE), then kill it.
    func waitForExit(orKillAfter seconds: Double) {
        guard status == nil, pid > 0 else { return }
        closeStdin()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var raw: Int32 = 0
        while DispatchTime.now().uptimeNanoseconds < deadline {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid {
                watchdog?.finished()
            }
            let reaped = waitpid(pid, &raw, WNOHANG)
            if reaped == pid {
                ChildProcesses.shared.remove(pid)
                status = raw
                stderrDrained.wait()
                return
            }
            if reaped < 0 && errno != EINTR { break }
            usleep(5_000)
        }
        _ = Glibc.kill(pid, SIGKILL)
        _ = waitForExit()
    }

    /// Whether the child has exited (not reaped yet, or already reaped).
    var hasExited: Bool {
        guard status == nil else { return true }
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Sends `sig` to the child, which is not reaped yet.
    func send(_ sig: Int32) {
        guard status == nil, pid > 0 else { return }
        _ = Glibc.kill(pid, sig)
    }

    /// Sends SIGKILL without reaping (fault injection: the next write sees the dead reader).
    func sendKill() { _ = Glibc.kill(pid, SIGKILL) }

    var lastStderrLines: [String] { tail.lastLines }
}
