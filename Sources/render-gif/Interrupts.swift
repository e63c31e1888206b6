import Dispatch
import Foundation
import SpruceRender
import SpruceVideo

/// Ctrl-C (SIGINT) and SIGTERM cancel the render instead of killing the process, so the renderer can
/// remove its temporary files; the command then exits 130 (143). A second signal does not wait for that: it stops
/// every ffmpeg child (SIGTERM, then SIGKILL), removes every temporary file and palette folder, and exits.
final class Interrupts {
    let cancellation = RenderCancellation()
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    func install() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [unowned self] in
                lock.lock()
                let first = received == nil
                if first { received = sig }
                lock.unlock()
                if !first { Self.abandon(sig) }
                cancellation.cancel()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The second signal: what the normal unwinding would have cleaned up, done now, then exit.
    private static func abandon(_ sig: Int32) -> Never {
        ChildProcesses.shared.stopAll(grace: 0.2)
        TemporaryFiles.shared.removeAll()
        StandardStreams.writeError("render-gif: error: \(sig == SIGINT ? "interrupted" : "terminated") again; stopped at once, temporary files removed\n")
        _exit(128 + sig)
    }

    /// The signal that arrived, if any.
    var receivedSignal: Int32? { lock.lock(); defer { lock.unlock() }; return received }

    /// An error to report instead of `error` when a signal caused it. `written` are the outputs finished before
    /// the signal (a film is written before its contact sheet, timing chart and timing file).
    func interruption(written: [String] = []) -> CLIError? {
        guard let sig = receivedSignal else { return nil }
        let what = written.isEmpty ? "nothing was written" : "only \(written.joined(separator: ", ")) was written"
        return CLIError(message: "\(sig == SIGINT ? "interrupted" : "terminated"); \(what)", code: 128 + sig)
    }
}

/// The outputs a command has finished, in order, for an honest message when it is interrupted afterwards.
final class WrittenOutputs {
    private(set) var paths: [String] = []
    func add(_ path: String) { paths.append(path) }
}
