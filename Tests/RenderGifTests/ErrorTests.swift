import Foundation
import MediaTestSupport
import XCTest

/// Every failure is one line, `render-gif: error: …`, with a sysexits status; nothing is left behind.
final class ErrorTests: XCTestCase {
    func assertFails(_ arguments: [String], status: Int32, mentions snippets: [String], environment: [String: String] = [:],
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try CLI.run(arguments, environment: environment)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, "one line, got: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("render-gif: error: "), result.stderr, file: file, line: line)
        for s in snippets {
            XCTAssertTrue(result.stderr.contains(s), "\(arguments): \(result.stderr) lacks \(s)", file: file, line: line)
        }
        XCTAssertEqual(result.stdout, "", file: file, line: line)
    }

    func testUsageErrorsAreOneLineWithExit64() throws {
        let scratch = try Scratch()
        let gif = scratch.path("x.gif").path
        try assertFails(["--sort", "conered", "--out", gif], status: 64,
                        mentions: ["--sort", "did you mean \"cornered\"", "continuous-weighted"])
        try assertFails(["--corner", "topleft-ish", "--out", gif], status: 64, mentions: ["--corner", "topLeft"])
        try assertFails(["--at", "0.5", "--out", gif], status: 64, mentions: ["--at", ".png"])
        try assertFails(["--fps", "60", "--out", gif], status: 64, mentions: ["--fps", "100/k", "use --fps 50"])
        try assertFails(["--sort", "radial", "--corner", "topLeft", "--out", gif], status: 64, mentions: ["--corner", "radial"])
        try assertFails(["--animation", "standard", "--damping", "0.3", "--out", gif], status: 64, mentions: ["--damping", "spring"])
        try assertFails(["--animations", "fade-in,exapnd", "--out", gif], status: 64, mentions: ["--animations", "expand"])
        try assertFails(["--ease", "easeOutCubik", "--out", gif], status: 64, mentions: ["--ease", "easeOutCubic"])
        try assertFails(["--loop", "in-hold-ot", "--out", gif], status: 64, mentions: ["--loop", "in-hold-out"])
        try assertFails(["--quality", "ultra", "--out", gif], status: 64, mentions: ["--quality", "low, medium, high, 4k"])
        try assertFails(["--format", "mp4", "--out", gif], status: 64, mentions: ["--format", "conflicts"])
        try assertFails(["--out", scratch.path("x.avi").path], status: 64, mentions: ["--out", ".mp4"])
        try assertFails(["--crf", "20", "--out", gif], status: 64, mentions: ["--crf", "mp4 and webm"])
        try assertFails(["--print-swift", "--crf", "20", "--out", gif], status: 64, mentions: ["--crf"])  // nothing printed
        try assertFails(["--at", "99", "--out", scratch.path("x.png").path], status: 64, mentions: ["--at", "after the end"])
        try assertFails(["--size", "10by10", "--out", gif], status: 64, mentions: ["--size", "WIDTHxHEIGHT"])
        try assertFails(["--background", "#12", "--out", gif], status: 64, mentions: ["--background"])
        try assertFails(["--exclude", "tile-9-9", "--out", gif], status: 64, mentions: ["--exclude", "tile-9-9"])
        try assertFails(["--scene", "gird", "--out", gif], status: 64, mentions: ["--scene", "did you mean \"grid\""])
        try assertFails(["--sort", "cornered"], status: 64, mentions: ["--out is required"])
        // argument-parser's own errors: one line and 64 too, not a usage dump.
        try assertFails(["--delay", "soon", "--out", gif], status: 64, mentions: ["soon", "--delay"])
        // A number flag takes the next argument even when it starts with a minus sign, so that the range check
        // names it, and a forgotten value names the flag that lacks it.
        try assertFails(["--delay", "-1", "--out", gif], status: 64, mentions: ["--delay: must be 0…3600 seconds, got -1"])
        try assertFails(["--rows", "-2", "--out", gif], status: 64, mentions: ["--rows: must be 1…1000, got -2"])
        try assertFails(["--seed", "-3", "--out", gif], status: 64, mentions: ["'-3'", "--seed"])
        try assertFails(["--fps", "--out", gif], status: 64, mentions: ["'--out'", "--fps"])
        try assertFails(["--sortt", "cornered", "--out", gif], status: 64, mentions: ["--sortt"])
        try assertFails(["--out"], status: 64, mentions: ["--out"])
        try assertFails(["stitch"], status: 64, mentions: ["folder"])
        XCTAssertEqual(scratch.contents, [], "no output and no temporary file")
    }

    /// The rule behind those: every option is read as `.unconditional` unless its value is a name, a path or a list
    /// of names, none of which starts with a minus sign. A number option added without it fails here.
    func testEveryNumberOptionTakesANegativeValue() throws {
        let textual: Set<String> = ["path", "file.json", "file.png", "file.png|svg", "folder", "dir", "address", "type",
                                    "list", "x|y", "colour", "corner", "direction", "timing", "id,id", "format", "style",
                                    "name|file", "preset", "name", "position", "scene[,scene…]", "report.xml",
                                    "report.html", "summary.md"]
        let result = try CLI.run(["--experimental-dump-help"])
        XCTAssertEqual(result.status, 0, result.stderr)
        struct Tool: Decodable { let command: Command }
        struct Command: Decodable {
            let commandName: String
            let arguments: [Argument]?
            let subcommands: [Command]?
        }
        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
            let valueName: String?
            let parsingStrategy: String?
        }
        struct Name: Decodable { let name: String }
        var numbers: [String] = []
        func check(_ command: Command) {
            for argument in command.arguments ?? [] where argument.kind == "option" {
                let name = "\(command.commandName) --\(argument.names?.first?.name ?? "?")"
                if argument.parsingStrategy == "unconditional" { numbers.append(name); continue }
                XCTAssertTrue(textual.contains(argument.valueName ?? ""),
                              "\(name) <\(argument.valueName ?? "")> is not read unconditionally: `\(name) -1` would say its value is missing")
            }
            (command.subcommands ?? []).forEach(check)
        }
        check(try JSONDecoder().decode(Tool.self, from: Data(result.stdout.utf8)).command)
        for option in ["render --delay", "render --from", "render --size", "render --sheet-times", "stitch --fps", "test --shard"] {
            XCTAssertTrue(numbers.contains(option), option)
        }
    }

    func testRowsNeedAGridScene() throws {
        let scratch = try Scratch()
        let scene = scratch.path("card.json")
        try #"{"canvas": {"width": 100, "height": 100}, "views": [{"id": "card", "frame": [10, 10, 80, 80]}]}"#
            .write(to: scene, atomically: true, encoding: .utf8)
        try assertFails(["--scene", scene.path, "--rows", "3", "--out", scratch.path("x.gif").path], status: 64,
                        mentions: ["--rows", "no grid"])
    }

    func testBadSceneFileNamesThePlace() throws {
        let scratch = try Scratch()
        let scene = scratch.path("bad.yaml")
        try "views:\n  - id: a\n    frame: [0, 0, 10]\n".write(to: scene, atomically: true, encoding: .utf8)
        try assertFails(["--scene", scene.path, "--out", scratch.path("x.gif").path], status: 65,
                        mentions: ["bad.yaml", "views[0].frame"])
        try assertFails(["--scene", scratch.path("missing.json").path, "--out", scratch.path("x.gif").path], status: 66,
                        mentions: ["missing.json"])
        let duplicate = scratch.path("duplicate.json")
        try #"{"views": [{"id": "card", "subviews": [{"id": "title"}]}, {"id": "list", "subviews": [{"id": "title"}]}]}"#
            .write(to: duplicate, atomically: true, encoding: .utf8)
        for extra in [["--out", scratch.path("x.gif").path], ["--print-swift"], ["--timing", scratch.path("t.json").path]] {
            try assertFails(["--scene", duplicate.path] + extra, status: 65,
                            mentions: ["duplicate.json", #"views[1].subviews[0].id: duplicate id "title", first used at views[0].subviews[0].id"#])
        }
        // A choreography's target or exclude that names no view is the file's mistake too (it was 64, "invalid
        // choreography", without the file's name); an --exclude flag's typo stays a usage error.
        let target = scratch.path("target.json")
        try #"{"views": [{"id": "a", "frame": [0, 0, 10, 10]}], "choreography": {"target": "nope", "exclude": ["zz"]}}"#
            .write(to: target, atomically: true, encoding: .utf8)
        try assertFails(["--scene", target.path, "--print-swift"], status: 65, mentions: ["target.json", #"choreography.target: no view has the id "nope""#])
        try assertFails(["--scene", target.path, "--print-swift", "--exclude", "zz"], status: 64, mentions: ["--exclude"])
        XCTAssertEqual(scratch.contents, ["bad.yaml", "duplicate.json", "target.json"], "nothing written")
    }

    func testMissingFFmpegGivesAnInstallHint() throws {
        let scratch = try Scratch()
        try assertFails(["--out", scratch.path("x.gif").path, "--scale", "0.25"], status: 69,
                        mentions: ["ffmpeg not found", "apt-get install ffmpeg"],
                        environment: ["PATH": scratch.url.path, "SPRUCE_FFMPEG": ""])
        XCTAssertEqual(scratch.contents, [])
    }

    func testUnwritableOutputDirectory() throws {
        let scratch = try Scratch()
        try assertFails(["--out", scratch.path("no/such/dir/x.gif").path, "--scale", "0.25"], status: 73,
                        mentions: ["--out '", "does not exist"])
        try Data("file".utf8).write(to: scratch.path("plain"))
        try assertFails(["--out", scratch.path("plain/x.mp4").path, "--scale", "0.25"], status: 73,
                        mentions: ["not a directory"])
        try assertFails(["--timing", scratch.path("no/t.json").path], status: 73, mentions: ["--timing"])
        XCTAssertEqual(scratch.contents, ["plain"])
    }

    /// A fake ffmpeg (SPRUCE_FFMPEG) that execs the real one and is SIGKILLed 0.3 s in.
    func testFFmpegKilledMidRenderLeavesThePreviousOutputAndNoTemporaries() throws {
        let scratch = try Scratch()
        let tools = try Scratch()
        let fake = tools.path("ffmpeg")
        try """
            #!/bin/sh
            case "$*" in *-encoders*) exec \(Media.tool("ffmpeg")) "$@";; esac
            ( sleep 0.3; kill -9 $$ ) &
            exec \(Media.tool("ffmpeg")) "$@"
            """.write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        let out = scratch.path("film.gif")
        let previous = Data("previous render".utf8)
        try previous.write(to: out)
        let temporary = try Scratch()  // the CLI's TMPDIR (GIF palettes go there)
        // A GIF at 928×928 with a long hold: far more than 0.3 s of encoding.
        let result = try CLI.run(["--out", out.path, "--scale", "2", "--hold", "6", "--threads", "1"],
                                 environment: ["SPRUCE_FFMPEG": fake.path, "TMPDIR": temporary.url.path])
        XCTAssertEqual(result.status, 70, result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("ffmpeg was killed by signal 9"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: out), previous, "the previous output is intact")
        XCTAssertEqual(scratch.contents, ["film.gif"], "no temporary file left")
        XCTAssertEqual(temporary.contents, [], "no palette folder left")
    }

    /// Ctrl-C cancels the render: exit 130, nothing written, nothing left.
    func testSIGINTCancelsTheRenderAndRemovesTemporaries() throws {
        let scratch = try Scratch()
        let out = scratch.path("film.gif")
        let temporary = try Scratch()
        let running = try CLI.start(["--out", out.path, "--scale", "2", "--hold", "20", "--threads", "1"],
                                    environment: ["TMPDIR": temporary.url.path])
        // Wait (without a time assertion) until the render has reserved its temporary file.
        var waited = 0
        while scratch.contents.isEmpty && running.process.isRunning && waited < 3000 { usleep(10_000); waited += 1 }
        XCTAssertFalse(scratch.contents.isEmpty, "the render started writing")
        kill(running.process.processIdentifier, SIGINT)
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("interrupted"), result.stderr)
        XCTAssertEqual(scratch.contents, [], "no output and no temporary file")
        XCTAssertEqual(temporary.contents, [], "no palette folder left")
    }

    /// Ctrl-C during a single-PNG render, as for videos: exit 130, the previous PNG intact, nothing left.
    /// Reaching `--at` steps the clock through every earlier frame; 2,500 views at 1000 fps take far longer
    /// than it takes to send the signal, and the steps stop as soon as it arrives.
    func testSIGINTCancelsASinglePNGRender() throws {
        let scratch = try Scratch()
        let out = scratch.path("still.png")
        let previous = Data("previous render".utf8)
        try previous.write(to: out)
        let scene = CLI.packageRoot.appendingPathComponent("fixtures/scenes/bench/stress-50x50.json").path
        try Self.interruptOnceItCatchesSIGINT(["--scene", scene, "--fps", "1000", "--out", out.path])
        XCTAssertEqual(scratch.contents, ["still.png"], "no temporary file left")
        XCTAssertEqual(try Data(contentsOf: out), previous, "the previous PNG is intact")
    }

    /// Ctrl-C while a contact sheet is drawn (200 thumbnails of 2,500 views at 1000 fps take long enough):
    /// exit 130, no sheet and no temporary left. The thumbnails stop at the signal (0.1 s here; without the
    /// check between thumbnails the sheet was finished first, 23 s, and then dropped).
    func testSIGINTCancelsAContactSheet() throws {
        let scratch = try Scratch()
        let sheet = scratch.path("sheet.png")
        let scene = CLI.packageRoot.appendingPathComponent("fixtures/scenes/bench/stress-50x50.json").path
        try Self.interruptOnceItCatchesSIGINT(["--scene", scene, "--fps", "1000", "--sheet", sheet.path, "--sheet-frames", "200"])
        XCTAssertEqual(scratch.contents, [], "no sheet and no temporary file")
    }

    /// Starts the command, waits (without a time assertion) until it catches SIGINT, since before that the signal
    /// would simply kill it, sends Ctrl-C, and checks the interruption is reported as one line with exit 130.
    static func interruptOnceItCatchesSIGINT(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let running = try CLI.start(arguments)
        var waited = 0
        while !catchesSIGINT(running.process.processIdentifier) && running.process.isRunning && waited < 3000 {
            usleep(10_000); waited += 1
        }
        XCTAssertTrue(running.process.isRunning, "still working when interrupted", file: file, line: line)
        kill(running.process.processIdentifier, SIGINT)
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertEqual(result.status, 130, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderrLines, ["render-gif: error: interrupted; nothing was written"], file: file, line: line)
    }

    /// Whether SIGINT has a handler in the process (`SigCgt` in /proc/PID/status).
    static func catchesSIGINT(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(SIGINT - 1)) != 0
    }
}
