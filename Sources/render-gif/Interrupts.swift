import Foundation
import SpruceRender
import SpruceVideo

/// Ctrl-C (SIGINT), SIGTERM, SIGHUP and SIGQUIT cancel the render instead of killing the process, so the renderer
/// can remove its temporary files; the command then exits 128 + the signal (130, 143, 129, 131). A second signal does not wait for that: it stops
/// every ffmpeg child (SIGTERM, then SIGKILL), removes every temporary file and palette folder, and exits; once
/// the command's final error line is written, a later signal is ignored (`FinalLine`). Every phase checks the
/// cancellation, but a long computation inside one step (fitting a Lottie file's keyframes, drawing the motion curves
/// of thousands of views) may not see it soon: `patience` seconds after the first signal, the second one's cleanup
/// runs by itself, so no phase can ignore a signal.
final class Interrupts {
    let cancellation = RenderCancellation()
    private let lock = NSLock()
    private var received: Int32?

    /// Signals handled from now on (`InterruptSignals`: a real handler, the work on a thread).
    func install() throws {
        try InterruptSignals.install { [self] in handle($0) }
    }

    private func handle(_ sig: Int32) {
        lock.lock()
        let first = received == nil
        if first { received = sig }
        lock.unlock()
        // A second signal after the command's final line was written changes nothing: the process is exiting.
        if !first, FinalLine.claim() { Self.abandon(sig) }
        cancellation.cancel()
        if first {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.patience) {
                if FinalLine.claim() { Self.abandon(sig, after: Self.patience) }
            }
        }
    }

    /// Seconds a command has, after the first signal, to stop by itself (ffmpeg's own stop takes up to one).
    static let patience = 5.0

    /// The second signal, with the final line claimed before anything else (so that the main thread, unblocked
    /// by the children's end, cannot write its own line in between): what the normal unwinding would have cleaned
    /// up, done now, then exit.
    private static func abandon(_ sig: Int32, after seconds: Double? = nil) -> Never {
        ChildProcesses.shared.stopAll(grace: 0.2)
        TemporaryFiles.shared.removeAll()
        let what = InterruptSignals.outcome(of: sig)
        let how = seconds.map { "\(what); still working \(Int($0)) s later, so stopped at once" } ?? "\(what) again; stopped at once"
        StandardStreams.writeError("render-gif: error: \(how), temporary files removed\n")
        _exit(128 + sig)
    }

    /// Runs a command with Ctrl-C, SIGTERM, SIGHUP and SIGQUIT handled: an error that a signal caused (a cancelled render, a child
    /// stopped) is reported as the interruption, naming the outputs `body` had finished.
    static func handling(_ body: (Interrupts, WrittenOutputs) throws -> Void) throws {
        let interrupts = Interrupts()
        try interrupts.install()
        let written = WrittenOutputs()
        do {
            try body(interrupts, written)
        } catch {
            if let interrupted = interrupts.interruption(written: written.paths) { throw interrupted }
            // A Ctrl-C reaches the whole process group: a child (ffprobe) can die of it and its failure arrive here
            // a moment before this process's own handler runs. Errors are rare; a short wait tells the two apart.
            usleep(50_000)
            if let interrupted = interrupts.interruption(written: written.paths) { throw interrupted }
            throw error
        }
    }

    /// The signal that arrived, if any (as the handler saw it, before its thread has handled it too).
    var receivedSignal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received ?? InterruptSignals.first
    }

    /// An error to report instead of `error` when a signal caused it. `written` are the outputs finished before
    /// the signal (a film is written before its contact sheet, timing chart and timing file).
    func interruption(written: [String] = []) -> CLIError? {
        guard let sig = receivedSignal else { return nil }
        let what = written.isEmpty ? "nothing was written"
            : "only \(written.joined(separator: ", ")) \(written.count == 1 ? "was" : "were") written"
        return CLIError(message: "\(InterruptSignals.outcome(of: sig)); \(what)", code: 128 + sig)
    }
}

/// The outputs a command has finished, in order, for an honest message when it is interrupted afterwards.
final class WrittenOutputs {
    private(set) var paths: [String] = []
    func add(_ path: String) { paths.append(path) }
}
