import Foundation
import SpruceRender

/// The signals `InterruptSignals` handles, as a job's cancellation: the first cancels `cancellation`, so that every
/// phase stops at its next check and the job removes its temporary files; the command then exits with the signal's
/// status (`InterruptSignals.exitStatus`).
/// A second signal does not wait for that: it stops every child (`ChildProcesses`, SIGTERM then SIGKILL), removes
/// every temporary file (`TemporaryFiles`) and exits at once. A long computation inside one step may not look at
/// the cancellation soon: `patience` seconds after the first signal, the second one's cleanup runs by itself, so no
/// phase can ignore a signal. The cleanup runs only when `claim` grants it the process's last line (the command's
/// own final line was not written yet), and `say` writes that line.
public final class SignalCancellation: @unchecked Sendable {
    public let cancellation = RenderCancellation()
    private let claim: () -> Bool
    private let say: (String) -> Void
    private let lock = NSLock()
    private var received: Int32?

    /// Seconds a job has, after the first signal, to stop by itself (ffmpeg's own stop takes up to one).
    public static let patience = 5.0

    public init(claim: @escaping () -> Bool, say: @escaping (String) -> Void) {
        (self.claim, self.say) = (claim, say)
    }

    /// Signals handled from now on; throws what `InterruptSignals.install` throws.
    public func install() throws {
        try InterruptSignals.install { [self] in handle($0) }
    }

    private func handle(_ sig: Int32) {
        lock.lock()
        let first = received == nil
        if first { received = sig }
        lock.unlock()
        // A second signal after the command's final line was written changes nothing: the process is exiting.
        if !first, claim() { abandon(sig) }
        cancellation.cancel()
        if first {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.patience) { [self] in
                if claim() { abandon(sig, after: Self.patience) }
            }
        }
    }

    /// The second signal, with the last line claimed before anything else (so that the main thread, unblocked by
    /// the children's end, cannot write its own line in between): what the normal unwinding would have cleaned
    /// up, done now, then exit.
    private func abandon(_ sig: Int32, after seconds: Double? = nil) -> Never {
        let what = InterruptSignals.outcome(of: sig)
        let how = seconds.map { "\(what); still working \(Int($0)) s later, so stopped at once" } ?? "\(what) again; stopped at once"
        Self.stopEverything(sig, saying: "\(how), temporary files removed", with: say)
    }

    /// Ends the process at once: every child stopped (`ChildProcesses`, SIGTERM then SIGKILL), every temporary file
    /// removed (`TemporaryFiles`), then `line` given to `say`, and exit with `sig`'s status.
    public static func stopEverything(_ sig: Int32, saying line: String, with say: (String) -> Void) -> Never {
        ChildProcesses.shared.stopAll(grace: 0.2)
        TemporaryFiles.shared.removeAll()
        say(line)
        _exit(InterruptSignals.exitStatus(of: sig))
    }

    /// The signal that arrived, if any (as the handler saw it, before its thread has handled it too).
    public var receivedSignal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received ?? InterruptSignals.first
    }
}
