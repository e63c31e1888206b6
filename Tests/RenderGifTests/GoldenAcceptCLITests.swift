import Foundation
import MediaTestSupport
import SpruceRender
import XCTest

/// `render-gif test --accept`, `--accept-all` and `--summary` on the real program and real files.
final class GoldenAcceptCLITests: XCTestCase {
    static func scene(color: String = "#A9F0B4", duration: Double = 0.1) -> String {
        """
        {"canvas": {"width": 40, "height": 40, "background": "#FFFFFF"},
         "views": [{"id": "card", "frame": [5, 5, 30, 30], "backgroundColor": "\(color)"}],
         "choreography": {"sort": "linear", "animationDuration": \(duration), "delay": 0.02}, "timeline": {"hold": 0}}
        """
    }

    /// `scenes/a.json` and `scenes/b.json` with their goldens recorded, then `a` slower (every golden differs) and
    /// `b` recoloured (its filmstrip differs).
    func changedScenes(_ scratch: Scratch) throws -> URL {
        let scenes = scratch.path("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in ["a", "b"] { try Data(Self.scene().utf8).write(to: scenes.appendingPathComponent("\(name).json")) }
        let recorded = try CLI.run(["test", scenes.path, "--record"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        try Data(Self.scene(duration: 0.2).utf8).write(to: scenes.appendingPathComponent("a.json"))
        try Data(Self.scene(color: "#F0A9B4").utf8).write(to: scenes.appendingPathComponent("b.json"))
        return scenes
    }

    /// Every regular file under `folder` (hidden ones too) with its SHA-256, by `sha256sum`.
    static func checksums(_ folder: URL) throws -> [String: String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
            FileKind.of(folder.appendingPathComponent($0).path) == .regular
        }
        let lines = String(decoding: try Media.output(of: "sha256sum", paths.map { folder.appendingPathComponent($0).path }), as: UTF8.self)
            .split(separator: "\n")
        XCTAssertEqual(lines.count, paths.count)
        return Dictionary(uniqueKeysWithValues: zip(paths, lines.map { String($0.prefix(64)) }))
    }

    func testAcceptOneOfTwoChangedScenes() throws {
        let scratch = try Scratch()
        let scenes = try changedScenes(scratch)
        let before = try Self.checksums(scratch.url)
        let accepted = try CLI.run(["test", scenes.path, "--accept", "a"])
        XCTAssertEqual(accepted.status, 1, accepted.stdout + accepted.stderr)
        XCTAssertTrue(accepted.stdout.contains("accepted a: a.filmstrip.png, a.timing.txt, a.motion.txt\n"), accepted.stdout)
        XCTAssertEqual(accepted.stderrLines, ["render-gif: error: 1 scene differs from the goldens: b "
                                              + "(--report r.html shows expected, actual and difference)"])
        var after = try Self.checksums(scratch.url)
        for kind in ["filmstrip.png", "timing.txt", "motion.txt"] {
            XCTAssertNotEqual(after["scenes/goldens/a.\(kind)"], before["scenes/goldens/a.\(kind)"], kind)
            after["scenes/goldens/a.\(kind)"] = before["scenes/goldens/a.\(kind)"]
        }
        XCTAssertEqual(after, before, "every other file is as it was, and no temporary is left")

        let checked = try CLI.run(["test", scenes.path])
        XCTAssertEqual(checked.status, 1)
        XCTAssertTrue(checked.stdout.hasPrefix("ok    a\nFAIL  b: filmstrip: first difference at t="), checked.stdout)

        let all = try CLI.run(["test", scenes.path, "--accept-all"])
        XCTAssertEqual(all.status, 0, all.stdout + all.stderr)
        XCTAssertTrue(all.stdout.hasSuffix("1 passed, 1 failed of 2 scenes\naccepted b: b.filmstrip.png\n"), all.stdout)
        XCTAssertEqual(try CLI.run(["test", scenes.path]).status, 0)
    }

    func testAcceptingAnUnknownOrConflictingNameIsAUsageError() throws {
        let scratch = try Scratch()
        let scenes = try changedScenes(scratch)
        let before = try Self.checksums(scratch.url)
        let cases: [([String], String)] = [
            (["--accept", "a,zzz"], "--accept: no scene named 'zzz' is checked (a, b)"),
            (["--accept", "a,,b"], "--accept: expected scene names separated by commas, got \"a,,b\""),
            (["--accept", "a", "--record"], "--accept and --accept-all accept what a check found; --record does not check: give one"),
            (["--accept-all", "--record"], "--accept and --accept-all accept what a check found; --record does not check: give one"),
            (["--accept", "a", "--accept-all"], "--accept names scenes, --accept-all takes every one: give one"),
            (["--accept", "b", "--shard", "1/2"], "--accept: no scene named 'b' is checked (a)"),
            (["--accept", "a", "--shard", "3/3"], "--accept: no scene named 'a' is checked (this shard checks none)"),
        ]
        for (flags, message) in cases {
            let result = try CLI.run(["test", scenes.path] + flags)
            XCTAssertEqual(result.status, 64, "\(flags): \(result.stderr)")
            XCTAssertEqual(result.stderrLines, ["render-gif: error: " + message], "\(flags)")
            XCTAssertEqual(result.stdout, "", "\(flags): no scene was played")
        }
        XCTAssertEqual(try Self.checksums(scratch.url), before)
    }

    /// A scene to accept whose file is broken cannot be played: it was skipped without a word and the last line
    /// said it differed. Its line says it is not accepted and why, the other scene named is accepted, and the last
    /// line and the status say the run still fails.
    func testAcceptingASceneThatCannotBePlayedSaysItIsNotAccepted() throws {
        let scratch = try Scratch()
        let scenes = try changedScenes(scratch)
        let b = scenes.appendingPathComponent("b.json")
        try Data("{\"canvas\": ".utf8).write(to: b)
        for flags in [["--accept", "a,b"], ["--accept-all"]] {
            let result = try CLI.run(["test", scenes.path] + flags)
            XCTAssertEqual(result.status, 1, "\(flags): " + result.stdout + result.stderr)
            let last = result.stdout.split(separator: "\n").last ?? ""
            XCTAssertTrue(last.hasPrefix("not accepted b: it could not be played (\(b.path): not valid JSON: "), "\(flags): \(result.stdout)")
            XCTAssertEqual(result.stderrLines, ["render-gif: error: 1 scene not accepted, as it could not be played: b"], "\(flags)")
        }
        XCTAssertEqual(try CLI.run(["test", scenes.appendingPathComponent("a.json").path]).status, 0, "a was accepted")
    }

    /// A scene whose name holds a comma is accepted by that name (it was split, and the halves named no scene).
    func testAcceptASceneWhoseNameHoldsAComma() throws {
        let scratch = try Scratch()
        let scenes = try changedScenes(scratch)
        for name in ["a", "b"] {
            try FileManager.default.moveItem(at: scenes.appendingPathComponent("\(name).json"), to: scenes.appendingPathComponent("\(name), dark.json"))
            for kind in ["filmstrip.png", "timing.txt", "motion.txt"] {
                try FileManager.default.moveItem(at: scenes.appendingPathComponent("goldens/\(name).\(kind)"),
                                                 to: scenes.appendingPathComponent("goldens/\(name), dark.\(kind)"))
            }
        }
        let accepted = try CLI.run(["test", scenes.path, "--accept", "a, dark"])
        XCTAssertEqual(accepted.status, 1, accepted.stdout + accepted.stderr)
        XCTAssertTrue(accepted.stdout.contains("accepted a, dark: a, dark.filmstrip.png, a, dark.timing.txt, a, dark.motion.txt\n"), accepted.stdout)
        XCTAssertEqual(accepted.stderrLines, ["render-gif: error: 1 scene differs from the goldens: b, dark "
                                              + "(--report r.html shows expected, actual and difference)"])
        XCTAssertEqual(try CLI.run(["test", scenes.path, "--accept", "b, dark"]).status, 0)
    }

    func testSummaryOfAFixedRun() throws {
        let scratch = try Scratch()
        let scenes = try changedScenes(scratch)
        let summary = scratch.path("out/summary.md")
        try FileManager.default.createDirectory(at: summary.deletingLastPathComponent(), withIntermediateDirectories: true)
        let failed = try CLI.run(["test", scenes.path, "--summary", summary.path])
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(try String(contentsOf: summary, encoding: .utf8), """
            ### Film goldens: 2 failed, 0 passed of 2 scenes

            | scene | failing goldens | first difference |
            | --- | --- | --- |
            | a | filmstrip, timing, motion | 0.150 s |
            | b | filmstrip | 0.120 s |

            """)

        // With a report, links to its pictures relative to the summary's folder; an accepted scene is listed apart.
        let report = scratch.path("report/r.html")
        try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
        let linked = try CLI.run(["test", scenes.path, "--summary", summary.path, "--report", report.path, "--accept", "a"])
        XCTAssertEqual(linked.status, 1, linked.stderr)
        let pictures = ["expected", "actual", "difference"].map { "[\($0)](../report/r.files/b.\($0).png)" }
            + ["[side by side](../report/r.files/b.side-by-side.apng)"]
        XCTAssertEqual(try String(contentsOf: summary, encoding: .utf8), """
            ### Film goldens: 1 failed, 0 passed, 1 accepted of 2 scenes

            | scene | failing goldens | first difference | pictures |
            | --- | --- | --- | --- |
            | b | filmstrip | 0.120 s | \(pictures.joined(separator: " · ")) |

            Accepted: a

            """)
        XCTAssertEqual(scratch.contents, ["out", "report", "scenes"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: summary.deletingLastPathComponent().path), ["summary.md"])
    }
}
