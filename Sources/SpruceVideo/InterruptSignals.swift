import Foundation

/// SIGINT and SIGTERM turned into work on a thread of their own, for commands that must clean up before they exit
/// (render-gif's `Interrupts`, spruce-bench's `BenchInterrupts`). The handler is a real `sigaction` one, installed
/// before `install` returns (a dispatch signal source installs its handler later, on another thread, and a signal
/// arriving in between was lost); it only records the first signal and writes the number into a pipe
/// (async-signal-safe), and a thread named "signals" reads it and calls `handle`, once per signal, in order.
public enum InterruptSignals {
    /// Install once per process, before the work a signal should interrupt.
    public static func install(_ handle: @escaping (Int32) -> Void) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        signalPipe = fds[1]
        let readEnd = fds[0]
        let reader = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n == 1 { handle(Int32(byte)) } else if n < 0, errno == EINTR { continue } else { return }
            }
        }
        reader.name = "signals"
        reader.start()
        for sig in [SIGINT, SIGTERM] {
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

    /// The first signal, as the handler itself recorded it (possibly before `handle` ran); nil before any.
    public static var first: Int32? { firstSignal != 0 ? firstSignal : nil }
}

/// The pipe's write end and the first signal, for the C handler, which cannot capture them.
nonisolated(unsafe) private var signalPipe: Int32 = -1
/// Written by the handler itself (an aligned 32-bit store).
nonisolated(unsafe) private var firstSignal: Int32 = 0
