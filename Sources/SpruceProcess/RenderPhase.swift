import Foundation
import SpruceFilm
import SpruceRender

/// Names the phase a command is in, for the signal tests of the bad-input suite: with
/// `SPRUCE_PHASE_LOG=<file>` each phase's name is appended to that file as it starts, and with
/// `SPRUCE_PAUSE_IN_PHASE=<name>` the command waits at the start of that phase until it is cancelled (at most a
/// minute), so that a test's signal lands inside the phase rather than after it. Without these variables it does
/// nothing. Phases: scene, draw, encode, encode-frames (the first frame reached ffmpeg), lottie, sheet, chart, curves,
/// timing, stitch, stitch-frames, compare (`compare` reads the two films), golden (`test` starts a scene), report
/// (`test` writes its pictures and reports), and exit (the final error line is written; paused there, the command
/// waits a second before it exits, so that a test's second signal lands after that line). `SPRUCE_DEAF_IN_PHASE=<name>`
/// injects a fault: the command works a minute at the start of that phase without looking at the cancellation, as
/// one long step that
/// does not check it would (the test of `SignalCancellation.patience`).
public enum RenderPhase {
    private static let environment = ProcessInfo.processInfo.environment
    private static let log = environment["SPRUCE_PHASE_LOG"]
    private static let pauseIn = environment["SPRUCE_PAUSE_IN_PHASE"]
    private static let deafIn = environment["SPRUCE_DEAF_IN_PHASE"]

    public static func enter(_ name: String, cancellation: RenderCancellation) {
        record(name)
        if deafIn == name { for _ in 0..<6000 { usleep(10_000) } }
        guard pauseIn == name else { return }
        for _ in 0..<6000 where !cancellation.isCancelled { usleep(10_000) }
    }

    /// Appends with `O_APPEND`, one `write(2)` a line: a batch's items are processes of their own writing to the
    /// same log, and a seek to the end followed by a write let two of them write at the same offset, one line
    /// lost (a batch test then waited a minute for a phase it had missed).
    private static func record(_ name: String) {
        guard let log else { return }
        let fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let line = Array((name + "\n").utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The final error line is on stderr; the process exits next.
    public static func exiting() {
        record("exit")
        guard pauseIn == "exit" else { return }
        for _ in 0..<100 { usleep(10_000) }
    }

    /// A progress callback that reports `name` once, on the first frame.
    public static func onFirstProgress(_ name: String, cancellation: RenderCancellation, then next: @escaping (RenderProgress) -> Void)
        -> (RenderProgress) -> Void {
        var reported = false
        return { progress in
            if !reported { reported = true; enter(name, cancellation: cancellation) }
            next(progress)
        }
    }
}
