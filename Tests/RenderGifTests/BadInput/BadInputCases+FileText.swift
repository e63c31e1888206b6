import Foundation
import XCTest

/// Text that comes from files (scene names, descriptions, view ids, paths, goldens) on standard output: escaped as
/// error messages are (`SafeText`), so a file can neither drive the terminal nor break a result's line.
extension BadInputCases {
    static let fileText: [BadInputCase] = {
        let hostile = #"\u001b]0;pwned\u0007 \u001b[31mred"#
        return [
            // --list-scenes printed a SPRUCE_SCENES scene's description, name and path raw.
            BadInputCase("list-scenes escapes a scene file's description, name and path", ["--list-scenes"], status: 0, message: "",
                         setup: { box in
                             try box.write("scenes/evil.json", #"{"description": "\#(hostile)", "views": []}"#)
                             try box.write("scenes/b\u{1B}[1mold.json", #"{"views": []}"#)
                         },
                         environment: ["SPRUCE_SCENES": "$S/scenes"],
                         verify: { box in
                             let text = stdout(box)
                             return rawControlProblem(text)
                                 ?? (text.contains(#"\e]0;pwned\u{7} \e[31mred"#) ? nil : "no escaped description in \(text.debugDescription)")
                                 ?? (text.contains(#"b\e[1mold"#) ? nil : "no escaped name in \(text.debugDescription)")
                         }),
            // compare printed the views' ids (and the scene files' names) raw.
            BadInputCase("compare escapes view ids and scene names", ["compare", "$S/a\u{1B}[31m.json", "$S/b.json", "-q"], status: 1, message: "",
                         setup: { box in
                             try box.write("a\u{1B}[31m.json", idScene(duration: 0.1))
                             try box.write("b.json", idScene(duration: 0.2))
                         },
                         verify: { box in
                             let text = stdout(box)
                             let known = ["A: ", "B: ", "timing: ", "  ", "length: ", "pixels: ", "result: "]
                             if let odd = text.split(separator: "\n").first(where: { line in !known.contains { line.hasPrefix($0) } }) {
                                 return "a line broken by an id: \(odd.debugDescription) in \(text.debugDescription)"
                             }
                             return rawControlProblem(text)
                                 ?? (text.contains(#"  t\e[2J\nx: "#) ? nil : "no escaped id in \(text.debugDescription)")
                                 ?? (text.contains(#"A: a\e[31m.json"#) ? nil : "no escaped label in \(text.debugDescription)")
                         }),
            // A line break in a scene's name cut the FAIL line at it: the reason (the JSON error) was lost.
            BadInputCase("test keeps the reason on a FAIL line whose scene name holds a line break", ["test", "$S/t"], status: 1,
                         message: #"^1 scene could not be played: a\\nb$"#,
                         setup: { box in try box.write("t/a\nb.json", #"{"views": [}"#) },
                         verify: { box in
                             let lines = stdout(box).split(separator: "\n")
                             guard lines.count == 2, lines[0].hasPrefix(#"FAIL  a\nb: \#(box.path("t"))/a\nb.json: "#),
                                   lines[0].contains("JSON") else { return "FAIL line: \(stdout(box).debugDescription)" }
                             return nil
                         }),
            // A view id with a line break cut the filmstrip's FAIL line before the difference it names.
            BadInputCase("test keeps a view id with a line break on the FAIL line", ["test", "$S/g/s.json"], status: 1,
                         message: "^1 scene differs from the goldens: s ",
                         setup: { box in
                             try box.write("g/s.json", idScene(duration: 0.1))
                             let recorded = try CLI.run(["test", box.path("g/s.json"), "--record"], environment: ["TMPDIR": box.tmp.path])
                             guard recorded.status == 0 else { throw BadInputError("recording the goldens: \(recorded.stderr)") }
                             try box.write("g/s.json", idScene(duration: 0.1, color: "#203040"))
                         },
                         verify: { box in
                             let lines = stdout(box).split(separator: "\n")
                             guard lines.count == 2, lines[0].hasPrefix("FAIL  s: filmstrip: first difference at t="),
                                   lines[0].contains(#" in t\e[2J\nx: "#) else { return "FAIL line: \(stdout(box).debugDescription)" }
                             return rawControlProblem(stdout(box))
                         }),
        ]
    }()

    /// One view whose id holds an escape sequence and a line break.
    static func idScene(duration: Double, color: String = "#A9F0B4") -> String {
        ##"{"canvas": {"width": 40, "height": 40, "background": "#FFFFFF"}, "views": [{"id": "t\u001b[2J\nx", "frame": [5, 5, 30, 30], "##
            + ##""backgroundColor": "\##(color)"}], "choreography": {"sort": "linear", "animationDuration": \##(duration)}, "timeline": {"hold": 0}}"##
    }

    static func stdout(_ box: BadInputSandbox) -> String {
        (try? String(contentsOf: box.root.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
    }

    /// nil when `text` has no control character but its line breaks.
    static func rawControlProblem(_ text: String) -> String? {
        let raw = text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
        return raw ? "raw control characters on stdout: \(text.debugDescription)" : nil
    }
}

extension BadInputTests {
    /// preview's one line names the scene file escaped (it is a server: it runs until Ctrl-C, so not a table case).
    func testPreviewLineEscapesTheSceneName() throws {
        let box = try BadInputSandbox()
        try box.write("p\u{1B}[31m.json", BadInputSandbox.smallScene)
        let running = try CLI.start(["preview", box.path("p\u{1B}[31m.json"), "--port", "0"], environment: ["TMPDIR": box.tmp.path])
        var line = ""
        for _ in 0..<600 where running.process.isRunning && !line.contains("\n") {
            line = (try? String(contentsOf: running.out, encoding: .utf8)) ?? ""
            usleep(100_000)
        }
        if running.process.isRunning { kill(running.process.processIdentifier, SIGINT) }
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(#"(watching p\e[31m.json; Ctrl-C stops)"#), result.stdout.debugDescription)
        XCTAssertNil(BadInputCases.rawControlProblem(result.stdout))
    }
}
