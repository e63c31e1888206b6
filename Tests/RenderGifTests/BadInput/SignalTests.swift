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

    /// `nohup render-gif …` (SIGHUP ignored when render-gif starts) then a hang-up mid-encode, to render-gif and to
    /// ffmpeg as a closing terminal sends it: the render finishes (0, a whole GIF), and ffmpeg was started with SIGHUP
    /// ignored too, as was SIGPIPE, which the user also ignored. A signal that was not ignored still interrupts (130).
    func testSignalsIgnoredAtStartStayIgnored() {
        let hangUp: (BadInputSandbox) throws -> Void = { box in
            try box.fakeTool("ffmpeg", """
                case "$*" in *-encoders*) exec \(BadInputCases.realFFmpeg) "$@";; esac
                grep '^SigIgn:' /proc/$$/status > "$(dirname "$0")/ignored"
                kill -HUP $PPID $$
                : > "$(dirname "$0")/started"
                exec \(BadInputCases.realFFmpeg) "$@"
                """)
        }
        var nohup = BadInputCase("SIGHUP ignored at start, render-gif and ffmpeg hung up", ["--scene", "$S/scene.json", "--out", "$S/x.gif", "-q"],
                                 status: 0, message: "", setup: hangUp, environment: ["SPRUCE_FFMPEG": "$F/ffmpeg"],
                                 signal: .init(SIGHUP, in: "encode", pause: false, waitForFile: "$F/started"), mayWrite: ["x.gif"],
                                 verify: { box in
                                     let gif = (try? Data(contentsOf: URL(fileURLWithPath: box.path("x.gif")))) ?? Data()
                                     guard gif.starts(with: Data("GIF89a".utf8)), gif.last == 0x3B else { return "x.gif is not a whole GIF" }
                                     let line = (try? String(contentsOfFile: box.fakeTools.appendingPathComponent("ignored").path, encoding: .utf8)) ?? ""
                                     guard let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) else {
                                         return "ffmpeg's ignored signals were not recorded: \(line.debugDescription)"
                                     }
                                     let missing = [(SIGHUP, "SIGHUP"), (SIGPIPE, "SIGPIPE")].filter { mask & (1 << UInt64($0.0 - 1)) == 0 }.map(\.1)
                                     return missing.isEmpty ? nil : "ffmpeg was started with \(missing.joined(separator: " and ")) not ignored"
                                 })
        nohup.ignoredAtStart = ["HUP", "PIPE"]
        var interrupted = BadInputCase("SIGINT while SIGHUP is ignored", ["--out", "$S/previous.gif"] + long, status: 130,
                                       message: "^interrupted; nothing was written$",
                                       signal: .init(SIGINT, in: "encode-frames", pause: false, waitForTemporary: true))
        interrupted.ignoredAtStart = ["HUP"]
        BadInputRunner.run([nohup, interrupted])
    }
}
