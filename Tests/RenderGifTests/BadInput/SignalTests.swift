import Foundation
import XCTest

/// Every signal that ends a process by default, sent to a render: SIGHUP and SIGQUIT stop it as SIGINT and SIGTERM
/// do (129 "hung up", 131 "quit", nothing written, nothing left); SIGPIPE and SIGXFSZ are ignored (a failed write is
/// reported instead), so the render goes on and finishes.
final class SignalTests: XCTestCase {
    /// Long enough that encoding is still running when the signal arrives (as `BadInputCases.signals`).
    private let long = ["--hold", "20", "--threads", "1", "-q"]

    func testHangUpAndQuit() {
        func encoding(_ sig: Int32, _ name: String, _ out: String, _ message: String) -> BadInputCase {
            BadInputCase(name, ["--out", "$S/\(out)"] + long, status: 128 + sig, message: message,
                         signal: .init(sig, in: "encode-frames", pause: false, waitForTemporary: true))
        }
        BadInputRunner.run([
            encoding(SIGHUP, "SIGHUP encoding an MP4", "previous.mp4", "^hung up; nothing was written$"),
            encoding(SIGQUIT, "SIGQUIT encoding a GIF", "previous.gif", "^quit; nothing was written$"),
            BadInputCase("SIGHUP loading the scene", ["--scene", "$S/scene.json", "--out", "$S/previous.gif", "-q"], status: 128 + SIGHUP,
                         message: "^hung up; nothing was written$", signal: .init(SIGHUP, in: "scene")),
            BadInputCase("SIGQUIT writing timings", ["--timing", "$S/t.json", "-q"], status: 128 + SIGQUIT,
                         message: "^quit; nothing was written$", signal: .init(SIGQUIT, in: "timing")),
            BadInputCase("second SIGHUP", ["--out", "$S/previous.gif"] + long, status: 128 + SIGHUP,
                         message: "^hung up again; stopped at once, temporary files removed$|^hung up; nothing was written$",
                         signal: .init(SIGHUP, in: "encode-frames", pause: false, waitForTemporary: true, again: true)),
        ])
    }

    /// SIGPIPE and SIGXFSZ while a small film is drawn: ignored, the film is written.
    func testIgnoredSignals() {
        func ignored(_ sig: Int32, _ name: String) -> BadInputCase {
            BadInputCase(name, ["--scene", "$S/scene.json", "--out", "$S/x.gif", "-q"], status: 0, message: "",
                         signal: .init(sig, in: "scene", pause: false), mayWrite: ["x.gif"])
        }
        BadInputRunner.run([ignored(SIGPIPE, "SIGPIPE is ignored"), ignored(SIGXFSZ, "SIGXFSZ is ignored")])
    }
}
