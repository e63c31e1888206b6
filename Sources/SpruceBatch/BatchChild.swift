import Foundation
import SpruceVideo

/// An item's render as a child process: this program's own executable runs `render ARGUMENTS --quiet` (its own
/// memory, its own failure, exactly the same build), in a process group of its own.
public enum BatchChild {
    /// Runs the render, passing on the signal `stopSignal` returns (the child removes its temporaries and exits).
    /// Returns the exit status (128 + a signal that killed it) and the child's last error line.
    public static func render(_ arguments: [String], stopSignal: () -> Int32?) -> (status: Int32, message: String?) {
        let outcome: ChildCommand.Outcome
        do {
            outcome = try ChildCommand.run(executable, ["render"] + arguments + ["--quiet"], stopGrace: patience, stopSignal: stopSignal)
        } catch {
            return (BatchRunner.unavailable, "cannot start \(executable): \(error)")
        }
        let last = outcome.lastLines.last.map { $0.replacingOccurrences(of: "render-gif: error: ", with: "") }
        return (outcome.status, last ?? (outcome.status == 0 ? nil : "render-gif \(outcome.exit)"))
    }

    /// How long a child has to stop once signalled: its own patience (`SignalCancellation.patience`) and a second.
    public static let patience = SignalCancellation.patience + 1

    /// This program, read from /proc/self/exe.
    public static let executable: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(cString: buffer) : CommandLine.arguments[0]
    }()
}
