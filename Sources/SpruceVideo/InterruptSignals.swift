import Foundation

/// The signals that end a process, turned into work on a thread of their own, for commands that must clean up before
/// they exit (SpruceProcess's `Interrupts`, spruce-bench's `BenchInterrupts`): SIGINT, SIGTERM, SIGHUP (the terminal
/// went away) and SIGQUIT (Ctrl-\), each ending the command with 128 + its number, and SIGXCPU (the soft CPU time
/// limit, `ulimit -S -t`, reached; the kernel sends it again every second until the hard limit kills), which ends it
/// as a resource limit does, with 70 (EX_SOFTWARE). SIGPIPE and SIGXFSZ are ignored
/// instead (`ignoreWriteSignals`), so a closed reader or a file size limit is a write that fails (EPIPE, EFBIG),
/// reported as an I/O error. The handler is a real `sigaction` one, installed before `install` returns (a dispatch
/// signal source installs its handler later, on another thread, and a signal arriving in between is lost); it only
/// records the first signal and writes the number into a pipe (async-signal-safe), and a thread named "signals"
/// reads it and calls `handle`, once per signal, in order. A signal the process was started with ignored (`nohup`'s
/// SIGHUP, SIGINT and SIGQUIT of a script's `cmd &`) gets no handler and stays ignored (`IgnoredSignals`).
public enum InterruptSignals {
    /// The signals `install` handles.
    public static let handled = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU]

    /// The exit status of a command `sig` ended: 128 + the signal, as a shell reports a death by it, or 70
    /// (EX_SOFTWARE) for the CPU time limit, a limit like `ulimit -v` or `-u`.
    public static func exitStatus(of sig: Int32) -> Int32 { sig == SIGXCPU ? 70 : 128 + sig }

    /// Install once per process, before the work a signal should interrupt. Throws `VideoError.outOfResources`
    /// when its pipe or thread cannot be had (`ulimit -n`, `ulimit -u`): a command that could not be stopped
    /// cleanly does not start.
    public static func install(_ handle: @escaping (Int32) -> Void) throws {
        ignoreWriteSignals()
        var fds: [Int32] = [-1, -1]
        guard GNUExtensions.closeOnExecPipe(&fds) == 0 else {
            throw VideoError.outOfResources("cannot create the pipe for signals: \(String(cString: strerror(errno)))")
        }
        let readEnd = fds[0]
        do {
            try StartedThread.start("signals") {
                var byte: UInt8 = 0
                while true {
                    let n = read(readEnd, &byte, 1)
                    if n == 1 { handle(Int32(byte)) } else if n < 0, errno == EINTR { continue } else { return }
                }
            }
        } catch {
            for fd in fds { close(fd) }
            throw error
        }
        signalPipe = fds[1]
        for sig in handled where !IgnoredSignals.atStart(sig) {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                let saved = errno
                if firstSignal == 0 { firstSignal = sig }
                var byte = UInt8(truncatingIfNeeded: sig)
                _ = write(signalPipe, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
    }

    /// SIGPIPE and SIGXFSZ ignored: a write to a closed pipe fails with EPIPE, one past the file size limit
    /// (`ulimit -f`) with EFBIG, and the writer reports it, instead of the process dying without a word. The
    /// dispositions the process started with are read first (`IgnoredSignals`).
    public static func ignoreWriteSignals() {
        IgnoredSignals.record()
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The first signal, as the handler itself recorded it (possibly before `handle` ran); nil before any.
    public static var first: Int32? { firstSignal != 0 ? firstSignal : nil }

    /// What a signal did to the command, for its last line: "interrupted" (SIGINT), "terminated" (SIGTERM),
    /// "hung up" (SIGHUP), "quit" (SIGQUIT), "out of resources: …" (SIGXCPU).
    public static func outcome(of sig: Int32) -> String {
        switch sig {
        case SIGINT: return "interrupted"
        case SIGHUP: return "hung up"
        case SIGQUIT: return "quit"
        case SIGXCPU: return "out of resources: the CPU time limit (ulimit -t) was reached"
        default: return "terminated"
        }
    }
}

/// The pipe's write end and the first signal, for the C handler, which cannot capture them.
nonisolated(unsafe) private var signalPipe: Int32 = -1
/// Written by the handler itself (an aligned 32-bit store).
nonisolated(unsafe) private var firstSignal: Int32 = 0
