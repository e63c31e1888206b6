@testable import SpruceFilm
import XCTest
@testable import SpruceVideo

final class TerminalProgressBarTests: XCTestCase {
    private func progress(_ done: Int, of total: Int, pass: Int = 1, passes: Int = 1) -> RenderProgress {
        RenderProgress(
            framesDone: done, totalFrames: total, pass: pass, passCount: passes, elapsed: 2, framesPerSecond: 40,
            estimatedTimeRemaining: 65)
    }

    func testLineLayout() {
        XCTAssertEqual(
            TerminalProgressBar.line(progress(20, of: 40, pass: 1, passes: 2), columns: 80),
            "[#########----------------------------]  25%  20/40  pass 1/2  40 fps  ETA 1:05")
        XCTAssertEqual(
            TerminalProgressBar.line(progress(40, of: 40), columns: 80),
            "[########################################] 100%  40/40  40 fps  ETA 1:05")
        XCTAssertLessThan(TerminalProgressBar.line(progress(1, of: 40), columns: 30).count, 30, "fits narrow terminals")
    }

    func testThrottlesRedrawsAndClearsAtTheEnd() {
        var output: [String] = []
        let bar = TerminalProgressBar(enabled: true, interval: 3600) { output.append($0) }
        for i in 1...10 { bar.update(progress(i, of: 10)) }
        XCTAssertEqual(output.count, 2, "first draw, then only the final frame of the pass within the interval")
        XCTAssertTrue(output[0].hasPrefix("\r[") && output[0].hasSuffix("\u{1B}[K"))
        bar.finish()
        XCTAssertEqual(output.last, "\r\u{1B}[K")
    }

    func testDisabledDrawsNothing() {
        var output: [String] = []
        let bar = TerminalProgressBar(enabled: false, interval: 0) { output.append($0) }
        bar.update(progress(1, of: 2))
        bar.finish()
        XCTAssertEqual(output, [])
        XCTAssertFalse(TerminalProgressBar(quiet: true).isEnabled)
    }

    func testANoteErasesTheBarAndIsSilentWhenTheBarIs() {
        var output: [String] = []
        let bar = TerminalProgressBar(enabled: true, interval: 0) { output.append($0) }
        bar.update(progress(1, of: 2))
        bar.note("lottie: 3 layers")
        XCTAssertEqual(Array(output.dropFirst()), ["\r\u{1B}[K", "lottie: 3 layers\n"])
        var silent: [String] = []
        TerminalProgressBar(enabled: false, interval: 0) { silent.append($0) }.note("lottie: 3 layers")
        XCTAssertEqual(silent, [])
    }
}
