import Foundation
import SpruceRender
import SpruceVideo

/// Ctrl-C (SIGINT) and SIGTERM during a benchmark: the children measuring it are stopped, its temporary files and
/// folders (gigabytes of raw frames at 4K) removed, and the process exits 130 (143) with one line.
///
/// The measuring children (`case …` runs, the encoder-only ffmpeg) are started by `Process`, each in a process
/// group of its own, so a Ctrl-C at the terminal reaches this process only: without a handler it died and they ran
/// on, and `$TMPDIR/spruce-bench-PID` stayed behind. A `case` child stopped this way (SIGTERM) does the same for
/// itself: stops its ffmpeg and removes its output and temporaries.
///
/// Nothing waits for the measurement to unwind: a benchmark has no output worth finishing, so the handler's thread
/// stops everything and exits at once, whatever the main thread is doing.
enum BenchInterrupts {
    /// The signal handler only writes the signal's number into a pipe (async-signal-safe); a thread reads it.
    static func install() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        benchInterruptPipe = fds[1]
        let readEnd = fds[0]
        let reader = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n == 1 { stop(Int32(byte)) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
            }
        }
        reader.name = "signals"
        reader.start()
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                let saved = errno
                if benchFirstSignal == 0 { benchFirstSignal = sig }
                var byte = UInt8(truncatingIfNeeded: sig)
                _ = write(benchInterruptPipe, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
    }

    /// Whether a signal arrived: the main thread then leaves the exit to the handler's thread instead of reporting
    /// the failure the signal caused (a child it stopped).
    static var interrupted: Bool { benchFirstSignal != 0 }

    /// Blocks for good once a signal arrived (the handler's thread is exiting the process); returns otherwise.
    static func yieldToTheHandler() {
        guard interrupted else { return }
        while true { sleep(60) }
    }

    private static let claimed = NSLock()
    private nonisolated(unsafe) static var stopping = false

    /// Stops the measuring children and this process's own ffmpeg, removes every temporary and exits. Runs once.
    private static func stop(_ sig: Int32) {
        claimed.lock()
        let first = !stopping
        stopping = true
        claimed.unlock()
        guard first else { return }
        Child.awaitRegistration()
        ChildProcesses.shared.stopAll(grace: 0.2)  // the measuring children and this process's own ffmpeg
        TemporaryFiles.shared.removeAll()
        let what = sig == SIGINT ? "interrupted" : "terminated"
        FileHandle.standardError.write(Data("spruce-bench: \(what); measuring stopped, temporary files removed\n".utf8))
        _exit(128 + sig)
    }
}

/// The handler's pipe and the first signal, for the C handler, which cannot capture them.
nonisolated(unsafe) private var benchInterruptPipe: Int32 = -1
nonisolated(unsafe) private var benchFirstSignal: Int32 = 0
