import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Another program run to completion as a tracked child (render-gif itself, for each item of a batch): spawned from
/// any thread with default signal handling and no blocked signals (a thread of Dispatch's pool blocks them, and a
/// child inherits its spawner's mask), in a process group of its own, so that it gets exactly the one signal
/// `stopSignal` passes on, and stopped by `ChildProcesses.stopAll` with `stopGrace` seconds to clean up.
public enum ChildCommand {
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that killed it.
        public let status: Int32
        /// Its last lines on stderr (at most eight).
        public let lastLines: [String]
        /// "exited with status 3", "was killed by signal 15 (Terminated)".
        public let exit: String
    }

    /// Runs `executable` with `arguments` (stdin and stdout /dev/null, stderr kept; named in messages by its file's
    /// name) and waits for it. Every 20 ms it asks `stopSignal`; the first signal it returns is sent to the child,
    /// once.
    public static func run(_ executable: String, _ arguments: [String], stopGrace: Double,
                           stopSignal: () -> Int32?) throws -> Outcome {
        let process = try ChildProcess((executable as NSString).lastPathComponent, executable: executable,
                                       arguments: arguments, pipeStdin: false, ownProcessGroup: true,
                                       stopGrace: stopGrace)
        var sent = false
        while !process.hasExited {
            if !sent, let sig = stopSignal() {
                process.send(sig)
                sent = true
            }
            usleep(20_000)
        }
        return Outcome(status: process.termination().shellStatus, lastLines: process.lastStderrLines, exit: process.exitDescription())
    }
}
