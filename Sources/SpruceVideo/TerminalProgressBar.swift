import Foundation
import Geometry
import SpruceFilm

/// A one-line progress bar on stderr for command-line renders:
///
///     [##########----------]  50%  20/40  pass 1/2  118 fps  ETA 0:01
///
/// It draws only when stderr is a terminal and `quiet` is off, redraws at most every `interval` seconds (plus
/// the last frame of each pass), and `finish()` erases the line so the next output starts clean:
///
///     let bar = TerminalProgressBar(quiet: quiet)
///     defer { bar.finish() }  // also on errors, so the error message starts on a clean line
///     try renderer.render(source, to: url, progress: bar.update)
public final class TerminalProgressBar {
    public let isEnabled: Bool
    private let interval: TimeInterval
    private let write: (String) -> Void
    private var lastDraw: UInt64?
    private var drewSomething = false

    public convenience init(quiet: Bool = false, interval: TimeInterval = 0.1) {
        self.init(enabled: !quiet && isatty(2) == 1, interval: interval) { text in
            _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
        }
    }

    /// For tests: an explicit switch and sink.
    init(enabled: Bool, interval: TimeInterval, write: @escaping (String) -> Void) {
        self.isEnabled = enabled
        self.interval = interval
        self.write = write
    }

    /// Pass this as the `progress` callback of `VideoRenderer.render`.
    public func update(_ progress: RenderProgress) {
        guard isEnabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let lastOfPass = progress.framesDone == progress.totalFrames
        if let lastDraw, !lastOfPass, Double(now - lastDraw) / 1e9 < interval { return }
        lastDraw = now
        drewSomething = true
        write("\r" + TerminalProgressBar.line(progress, columns: TerminalProgressBar.columns()) + "\u{1B}[K")
    }

    /// A line for the person at the terminal (a summary of what was written), under the same condition as the bar:
    /// stderr is a terminal and `quiet` is off (scripts get silence). The bar is erased first.
    public func note(_ line: String) {
        guard isEnabled else { return }
        finish()
        write(line + "\n")
    }

    /// Erases the bar.
    public func finish() {
        guard isEnabled, drewSomething else { return }
        write("\r\u{1B}[K")
        drewSomething = false
    }

    static func line(_ p: RenderProgress, columns: Int) -> String {
        var tail = String(format: " %3d%%  %d/%d", Checked.int(p.fractionCompleted * 100, rounding: .down, in: 0...100) ?? 0, p.framesDone, p.totalFrames)
        if p.passCount > 1 { tail += "  pass \(p.pass)/\(p.passCount)" }
        if p.framesPerSecond > 0 { tail += String(format: "  %.0f fps", p.framesPerSecond) }
        if let eta = p.estimatedTimeRemaining { tail += "  ETA " + clock(eta) }
        let barWidth = max(10, min(40, columns - tail.count - 3))
        let filled = Checked.int(p.fractionCompleted * Double(barWidth), rounding: .down, in: 0...barWidth) ?? 0
        let line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]" + tail
        return String(line.prefix(max(1, columns - 1)))
    }

    private static func clock(_ seconds: TimeInterval) -> String {
        // An estimate from a stalled start can be enormous; show at most 99:59:59.
        let s = Checked.int(seconds, rounding: .up, in: 0...359_999) ?? 359_999
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    private static func columns() -> Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
