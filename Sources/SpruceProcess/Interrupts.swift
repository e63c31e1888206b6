import Foundation
import SpruceRender
import SpruceVideo

/// Ctrl-C (SIGINT), SIGTERM, SIGHUP and SIGQUIT cancel the render instead of killing the process, so the renderer
/// can remove its temporary files; the command then exits 128 + the signal (130, 143, 129, 131). So does the soft CPU
/// time limit (SIGXCPU), which exits 70 as every resource limit does. A second signal, or
/// the first still unheeded `SignalCancellation.patience` seconds later, stops and cleans up at once (`SignalCancellation`); once the
/// command's final error line is written, a later signal is ignored (`FinalLine`).
public final class Interrupts {
    private let signals = SignalCancellation(claim: FinalLine.claim) {
        StandardStreams.writeError("\(StandardStreams.program): error: \($0)\n")
    }
    public var cancellation: RenderCancellation { signals.cancellation }

    public init() {}

    /// Signals handled from now on (`InterruptSignals`: a real handler, the work on a thread).
    public func install() throws { try signals.install() }

    /// Runs a command with Ctrl-C, SIGTERM, SIGHUP, SIGQUIT and SIGXCPU handled: an error that a signal caused (a cancelled render, a child
    /// stopped) is reported as the interruption, naming the outputs `body` had finished.
    public static func handling(_ body: (Interrupts, WrittenOutputs) throws -> Void) throws {
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
    public var receivedSignal: Int32? { signals.receivedSignal }

    /// An error to report instead of `error` when a signal caused it. `written` are the outputs finished before
    /// the signal (a film is written before its contact sheet, timing chart and timing file), of which the line
    /// names the first `ShownNames.limit` and counts the rest (a goldens run writes three files a scene).
    public func interruption(written: [String] = []) -> ProcessFailure? {
        guard let sig = receivedSignal else { return nil }
        let what = written.isEmpty ? "nothing was written"
            : "only \(ShownNames.joined(written)) \(written.count == 1 ? "was" : "were") written"
        return ProcessFailure(message: "\(InterruptSignals.outcome(of: sig)); \(what)", code: InterruptSignals.exitStatus(of: sig))
    }
}

/// The outputs a command has finished, in order, for an honest message when it is interrupted afterwards.
public final class WrittenOutputs {
    public private(set) var paths: [String] = []
    public func add(_ path: String) { paths.append(path) }
}
