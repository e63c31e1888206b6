import Foundation
import SpruceProcess
import SpruceRender
import SpruceVideo

/// Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGQUIT during a benchmark: the children measuring it are stopped, its
/// temporary files and folders (gigabytes of raw frames at 4K) removed, and the process exits 128 + the signal (130,
/// 143, 129, 131) with one line.
///
/// The measuring children (`case …` runs, the encoder-only ffmpeg) are started by `Process`, each in a process
/// group of its own, so a Ctrl-C at the terminal reaches this process only: without a handler it died and they ran
/// on, and `$TMPDIR/spruce-bench-PID` stayed behind. A `case` child stopped this way (SIGTERM) does the same for
/// itself: stops its ffmpeg and removes its output and temporaries.
///
/// Nothing waits for the measurement to unwind: a benchmark has no output worth finishing, so the handler's thread
/// stops everything and exits at once, whatever the main thread is doing.
enum BenchInterrupts {
    /// Signals handled from now on (`InterruptSignals`: a real handler, the work on a thread).
    static func install() throws {
        try InterruptSignals.install(stop)
    }

    /// Whether a signal arrived: the main thread then leaves the exit to the handler's thread instead of reporting
    /// the failure the signal caused (a child it stopped).
    static var interrupted: Bool { InterruptSignals.first != nil }

    /// Blocks for good once a signal arrived (the handler's thread is exiting the process); returns otherwise.
    static func yieldToTheHandler() {
        guard interrupted else { return }
        TemporaryFiles.waitForTheExit()
    }

    /// Stops the measuring children and this process's own ffmpeg, removes every temporary and exits. Runs once.
    private static func stop(_ sig: Int32) {
        guard FinalLine.claim() else { return }
        let what = InterruptSignals.outcome(of: sig)
        SignalCancellation.stopEverything(sig, saying: "spruce-bench: \(what); measuring stopped, temporary files removed\n",
                                          with: StandardStreams.writeError)
    }
}
