import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MediaTestSupport
import SpruceRender
import XCTest

/// `render-gif test`: record, check, a regression in a scene file, the HTML and JUnit reports, shards.
final class GoldenTestCommandTests: XCTestCase {
    func scenes(_ scratch: Scratch) throws -> URL {
        let folder = scratch.path("scenes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["grid", "list", "collection"] {
            try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("fixtures/scenes/\(name).json"),
                                             to: folder.appendingPathComponent("\(name).json"))
        }
        return folder
    }

    func testRecordThenCheckThenCatchARegressionWithReports() throws {
        let scratch = try Scratch()
        let folder = try scenes(scratch)
        let new = try CLI.run(["test", folder.path])
        XCTAssertEqual(new.status, 1, new.stdout + new.stderr)
        XCTAssertTrue(new.stdout.contains("NEW   grid: no golden"), new.stdout)
        XCTAssertTrue(new.stdout.contains("(run with --record)"), new.stdout)

        let recorded = try CLI.run(["test", folder.path, "--record"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(recorded.stdout.contains("recorded 3 of 3 scenes"), recorded.stdout)
        for kind in ["filmstrip.png", "timing.txt", "motion.txt"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/grid.\(kind)").path))
        }
        let again = try CLI.run(["test", folder.path, "--record"])
        XCTAssertTrue(again.stdout.contains("same  grid"), "recording unchanged scenes rewrites nothing: \(again.stdout)")

        let checked = try CLI.run(["test", folder.path])
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
        XCTAssertEqual(checked.stdout.split(separator: "\n").last, "3 passed, 0 failed of 3 scenes")

        // A spring's damping changed by 5 % in the scene file.
        let grid = folder.appendingPathComponent("grid.json")
        let text = try String(contentsOf: grid, encoding: .utf8)
        try text.replacingOccurrences(of: "\"damping\": 0.5", with: "\"damping\": 0.525").write(to: grid, atomically: true, encoding: .utf8)
        let report = scratch.path("report.html"), junit = scratch.path("report.xml")
        let failed = try CLI.run(["test", folder.path, "--report", report.path, "--junit", junit.path])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdout.contains("FAIL  grid: filmstrip: first difference at t="), failed.stdout)
        XCTAssertTrue(failed.stdout.contains("ok    list"), failed.stdout)
        XCTAssertTrue(failed.stdout.contains("2 passed, 1 failed of 3 scenes"), failed.stdout)
        XCTAssertTrue(failed.stderr.contains("1 scene differs from the goldens: grid"), failed.stderr)

        let html = try String(contentsOf: report, encoding: .utf8)
        for part in ["grid.expected.png", "grid.actual.png", "grid.difference.png", "grid.side-by-side.apng", "timing.txt differs"] {
            XCTAssertTrue(html.contains(part), "report names \(part)")
        }
        let files = scratch.path("report.files")
        let difference = try Bitmap(contentsOfFile: files.appendingPathComponent("grid.difference.png").path)
        XCTAssertGreaterThan(difference.width, 400)
        let apng = try Media.probe(files.appendingPathComponent("grid.side-by-side.apng"))
        XCTAssertEqual(apng.stream["codec_name"] as? String, "apng")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("tests=\"3\" failures=\"1\""), xml)
        XCTAssertTrue(xml.contains("<testcase classname=\"goldens\" name=\"list\"/>"), xml)
    }

    /// Without --report a failed check wrote its expected, actual and difference pictures into a folder under
    /// TMPDIR that nothing named and nothing removed, one per failing run. Now they are written only for a report,
    /// and the error line says how to get one; a failed record says it could not record, not that scenes differ.
    func testAFailedCheckWithoutAReportLeavesNothingBehind() throws {
        let scratch = try Scratch()
        let folder = try scenes(scratch)
        XCTAssertEqual(try CLI.run(["test", folder.path, "--record"]).status, 0)
        let grid = folder.appendingPathComponent("grid.json")
        let text = try String(contentsOf: grid, encoding: .utf8)
        try text.replacingOccurrences(of: "\"damping\": 0.5", with: "\"damping\": 0.525").write(to: grid, atomically: true, encoding: .utf8)
        let tmp = scratch.path("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let failed = try CLI.run(["test", folder.path], environment: ["TMPDIR": tmp.path])
        XCTAssertEqual(failed.status, 1, failed.stdout + failed.stderr)
        XCTAssertEqual(failed.stderrLines, ["render-gif: error: 1 scene differs from the goldens: grid (--report r.html shows expected, actual and difference)"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.path), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted(), ["scenes", "tmp"])

        // A golden that cannot be replaced (a FIFO in its place) fails the scene's record before any of its goldens
        // is replaced: the filmstrip and motion goldens of the changed scene were rewritten beside the old timing.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("goldens/grid.timing.txt"))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("goldens/grid.timing.txt").path, 0o644), 0)
        let kept = try ["filmstrip.png", "motion.txt"].map { try Data(contentsOf: folder.appendingPathComponent("goldens/grid.\($0)")) }
        let record = try CLI.run(["test", folder.path, "--record"])
        XCTAssertEqual(record.status, 1, record.stdout + record.stderr)
        XCTAssertEqual(record.stderrLines, ["render-gif: error: 1 scene could not be recorded: grid"])
        XCTAssertTrue(record.stdout.contains("ERROR grid: "), record.stdout)
        XCTAssertEqual(try ["filmstrip.png", "motion.txt"].map { try Data(contentsOf: folder.appendingPathComponent("goldens/grid.\($0)")) }, kept)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("goldens").path).filter { $0.hasPrefix(".") }, [])
    }

    /// A goldens folder that is a file is one line before any work (no scene played, no NSError dump): 73 when
    /// recording (nothing can be created), 66 when checking.
    func testAGoldensFolderThatIsAFileIsRefusedFirst() throws {
        let scratch = try Scratch()
        let folder = try scenes(scratch)
        try Data("hi\n".utf8).write(to: scratch.path("notdir"))
        for (extra, status) in [(["--record"], Int32(73)), ([], 66)] {
            let result = try CLI.run(["test", folder.path, "--goldens", scratch.path("notdir").path] + extra)
            XCTAssertEqual(result.status, status, result.stdout + result.stderr)
            XCTAssertEqual(result.stderrLines, ["render-gif: error: --goldens '\(scratch.path("notdir").path)': it is a file, not a folder"])
            XCTAssertEqual(result.stdout, "", "no scene was played")
        }
        try Data("hi\n".utf8).write(to: folder.appendingPathComponent("goldens"))
        let beside = try CLI.run(["test", folder.path, "--record"])
        XCTAssertEqual(beside.status, 73, beside.stderr)
        XCTAssertTrue(beside.stderr.contains("the goldens folder '\(folder.appendingPathComponent("goldens").path)': it is a file"), beside.stderr)
        XCTAssertEqual(try String(contentsOf: scratch.path("notdir"), encoding: .utf8), "hi\n")

        // A golden that is there but is not text is a failure, not a missing golden ("NEW … run with --record").
        try FileManager.default.removeItem(at: folder.appendingPathComponent("goldens"))
        XCTAssertEqual(try CLI.run(["test", folder.path, "--record"]).status, 0)
        try Data([0xFF, 0xFE, 0x00, 0x81]).write(to: folder.appendingPathComponent("goldens/grid.motion.txt"))
        let binary = try CLI.run(["test", folder.path])
        XCTAssertEqual(binary.status, 1, binary.stderr)
        XCTAssertTrue(binary.stdout.contains("FAIL  grid: motion.txt: the golden grid.motion.txt is not a readable UTF-8 text file"), binary.stdout)
    }

    /// A `--report` or `--junit` that names a golden, and a pictures folder `r.files/` holding a user's file of a
    /// picture's name, are refused before any work, with exit 73 and everything as it was; `r.files/` is render-gif's like a
    /// frames folder, and a later report replaces only its own pictures.
    func testReportsNeverWriteOverGoldensOrStrangers() throws {
        let scratch = try Scratch()
        let folder = try scenes(scratch)
        XCTAssertEqual(try CLI.run(["test", folder.path, "--record"]).status, 0)
        let goldens = folder.appendingPathComponent("goldens")
        let before = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted()
        let bytes = try before.map { try Data(contentsOf: goldens.appendingPathComponent($0)) }
        let grid = folder.appendingPathComponent("grid.json")
        let text = try String(contentsOf: grid, encoding: .utf8)
        try text.replacingOccurrences(of: "\"damping\": 0.5", with: "\"damping\": 0.525").write(to: grid, atomically: true, encoding: .utf8)
        try Data("mine".utf8).write(to: scratch.path("r.files"))
        let cases: [([String], String)] = [
            (["--report", goldens.appendingPathComponent("grid.timing.txt").path], "--report '\(goldens.path)/grid.timing.txt': it is in the goldens folder"),
            (["--record", "--junit", goldens.appendingPathComponent("grid.filmstrip.png").path], "--junit '\(goldens.path)/grid.filmstrip.png': it is in the goldens folder"),
            (["--report", goldens.appendingPathComponent("r.html").path], "--report '\(goldens.path)/r.html': it is in the goldens folder"),
            (["--report", scratch.path("x.files").path], "--report and --report's pictures both write"),
            (["--report", scratch.path("x.html").path, "--junit", scratch.path("x.files").path], "--report's pictures and --junit both write"),
            (["--report", scratch.path("r.html").path], "is a file, not a directory"),
        ]
        for (flags, message) in cases {
            let result = try CLI.run(["test", folder.path] + flags)
            XCTAssertEqual(result.status, 73, "\(flags): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "no scene was played: \(flags)")
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), "\(flags): \(result.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted(), before)
        XCTAssertEqual(try before.map { try Data(contentsOf: goldens.appendingPathComponent($0)) }, bytes)
        XCTAssertEqual(try Data(contentsOf: scratch.path("r.files")), Data("mine".utf8))

        // A folder of the user's named like the pictures folder is not written into.
        try FileManager.default.removeItem(at: scratch.path("r.files"))
        try FileManager.default.createDirectory(at: scratch.path("r.files"), withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: scratch.path("r.files/grid.expected.png"))
        let theirs = try CLI.run(["test", folder.path, "--report", scratch.path("r.html").path])
        XCTAssertEqual(theirs.status, 73, theirs.stderr)
        XCTAssertTrue(theirs.stderr.contains("render-gif did not create"), theirs.stderr)
        XCTAssertEqual(try Data(contentsOf: scratch.path("r.files/grid.expected.png")), Data("mine".utf8))

        // render-gif's own pictures folder: a failing run fills it, a passing one takes its pictures away again.
        try FileManager.default.removeItem(at: scratch.path("r.files"))
        XCTAssertEqual(try CLI.run(["test", folder.path, "--report", scratch.path("r.html").path]).status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("r.files").path).sorted(),
                       [".render-gif-frames", "grid.actual.png", "grid.difference.png", "grid.expected.png", "grid.side-by-side.apng"])
        try text.write(to: grid, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["test", folder.path, "--report", scratch.path("r.html").path]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("r.files").path), [".render-gif-frames"])

        // --record into a goldens folder that cannot be made: refused before any scene is played, nothing made.
        try FileManager.default.createSymbolicLink(atPath: scratch.path("dangling").path, withDestinationPath: scratch.path("nowhere").path)
        for (goldens, why) in [(scratch.path("dangling").path, "a link to nothing is in the way"), ("/proc/spruce-goldens", "No such file or directory")] {
            let result = try CLI.run(["test", folder.path, "--record", "--goldens", goldens])
            XCTAssertEqual(result.status, 73, result.stderr)
            XCTAssertEqual(result.stderrLines, ["render-gif: error: --goldens '\(goldens)': cannot create it (\(why))"])
            XCTAssertEqual(result.stdout, "")
        }
        let deep = scratch.path("new/deep/goldens")
        XCTAssertEqual(try CLI.run(["test", folder.path, "--record", "--goldens", deep.path]).status, 0, "folders that do not exist yet are made")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: deep.path).count, 9)
    }

    /// A scene file named with an escape sequence and a bell printed them raw on standard output (recolouring the
    /// terminal) and made the JUnit file XML no parser accepts.
    func testControlCharactersInNamesStayVisibleAndTheJUnitFileParses() throws {
        let scratch = try Scratch()
        let folder = scratch.path("scenes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("fixtures/scenes/grid.json"),
                                         to: folder.appendingPathComponent("a\u{1B}[31mb\u{07}.json"))
        let junit = scratch.path("r.xml")
        let result = try CLI.run(["test", folder.path, "--junit", junit.path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, result.stdout)
        XCTAssertTrue(result.stdout.contains("NEW   a\\e[31mb\\u{7}: no golden"), result.stdout)
        let xml = try Data(contentsOf: junit)
        let parser = XMLParser(data: xml)
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? ""): \(String(decoding: xml, as: UTF8.self))")
    }

    /// A folder's scene files are its visible files named .json/.yaml/.yml: a subfolder named `old.json` stopped the
    /// run (66), and an editor's hidden `.grid.json` copy was played as a scene. `--goldens ''` wrote the goldens
    /// into the working folder; it names no folder (73), like `--report ''`.
    func testAFolderOfScenesHoldsOnlyItsSceneFiles() throws {
        let scratch = try Scratch()
        let folder = try scenes(scratch)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("old.json"), withIntermediateDirectories: false)
        try Data("{not a scene".utf8).write(to: folder.appendingPathComponent(".grid.json"))
        let recorded = try CLI.run(["test", folder.path, "--record"])
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        XCTAssertTrue(recorded.stdout.contains("recorded 3 of 3 scenes"), recorded.stdout)
        let empty = try CLI.run(["test", folder.path, "--goldens", ""], in: scratch.url)
        XCTAssertEqual(empty.status, 73, empty.stderr)
        XCTAssertEqual(empty.stderrLines, ["render-gif: error: --goldens '': does not name a file or folder to create"])
        let none = try CLI.run(["test", scratch.path("none").path])
        XCTAssertEqual(none.status, 66, none.stderr)
        XCTAssertEqual(none.stderrLines, ["render-gif: error: no such scene file or folder '\(scratch.path("none").path)'"])
        try FileManager.default.createDirectory(at: scratch.path("bare"), withIntermediateDirectories: false)
        let bare = try CLI.run(["test", scratch.path("bare").path])
        XCTAssertEqual(bare.status, 66, bare.stderr)
        XCTAssertEqual(bare.stderrLines, ["render-gif: error: no scene files (.json, .yaml, .yml) in \(scratch.path("bare").path)"])
    }

    /// Scenes of one name in two folders, each with its goldens beside it, were refused ("would share the goldens")
    /// although their goldens are different files. They are tested, and their lines name them by path; one --goldens
    /// for both, x.json beside x.yaml, or one --report (pictures named by the scene) are still refused, before any work.
    func testScenesOfOneNameInTwoFoldersKeepTheirOwnGoldens() throws {
        let scratch = try Scratch()
        for folder in ["onboarding", "settings"] {
            try FileManager.default.createDirectory(at: scratch.path(folder), withIntermediateDirectories: true)
        }
        let grid = CLI.packageRoot.appendingPathComponent("fixtures/scenes/grid.json")
        try FileManager.default.copyItem(at: grid, to: scratch.path("onboarding/intro.json"))
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("fixtures/scenes/list.json"), to: scratch.path("settings/intro.json"))
        let recorded = try CLI.run(["test", "onboarding", "settings", "--record"], in: scratch.url)
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        XCTAssertTrue(recorded.stdout.contains("wrote onboarding/intro: "), recorded.stdout)
        XCTAssertTrue(recorded.stdout.contains("wrote settings/intro: "), recorded.stdout)
        for folder in ["onboarding", "settings"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("\(folder)/goldens/intro.timing.txt").path), folder)
        }
        XCTAssertNotEqual(try Data(contentsOf: scratch.path("onboarding/goldens/intro.timing.txt")),
                          try Data(contentsOf: scratch.path("settings/goldens/intro.timing.txt")), "each scene's own goldens")
        let checked = try CLI.run(["test", "onboarding", "settings"], in: scratch.url)
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
        XCTAssertEqual(checked.stdout.split(separator: "\n").map(String.init),
                       ["ok    onboarding/intro", "ok    settings/intro", "2 passed, 0 failed of 2 scenes"])

        let before = tree(scratch)
        for (arguments, message) in [
            (["--goldens", "g"], "two scenes would share the goldens \(scratch.path("g").path)/intro.*: "),
            (["--report", "r.html"], "--report: two scenes are named 'intro' ("),
        ] {
            let refused = try CLI.run(["test", "onboarding", "settings"] + arguments, in: scratch.url)
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertTrue(refused.stderr.contains(message), refused.stderr)
        }
        try FileManager.default.copyItem(at: grid, to: scratch.path("settings/intro.yaml"))
        let twin = try CLI.run(["test", "settings"], in: scratch.url)
        XCTAssertEqual(twin.status, 64, twin.stderr)
        XCTAssertTrue(twin.stderr.contains("two scenes would share the goldens \(scratch.path("settings/goldens/intro").path).*"), twin.stderr)
        try FileManager.default.removeItem(at: scratch.path("settings/intro.yaml"))
        XCTAssertEqual(tree(scratch), before, "nothing written by a refused run")
    }

    /// Every path under the scratch folder.
    func tree(_ scratch: Scratch) -> [String] {
        ((FileManager.default.enumerator(atPath: scratch.url.path)?.allObjects as? [String]) ?? []).sorted()
    }

    func testShardsCheckEverySceneExactlyOnce() throws {
        let scratch = try Scratch()
        let folder = try scenes(scratch)
        var seen: [String] = []
        for i in 1...2 {
            let r = try CLI.run(["test", folder.path, "--record", "--shard", "\(i)/2"])
            XCTAssertEqual(r.status, 0, r.stderr)
            seen += r.stdout.split(separator: "\n").filter { $0.hasPrefix("wrote") }.map { String($0.split(separator: " ")[1].dropLast()) }
        }
        XCTAssertEqual(seen.sorted(), ["collection", "grid", "list"])
        for bad in ["0/2", "3/2", "1", "a/b"] {
            let r = try CLI.run(["test", folder.path, "--shard", bad])
            XCTAssertEqual(r.status, 64, bad)
            XCTAssertTrue(r.stderr.contains("--shard"), r.stderr)
        }
        XCTAssertEqual(try CLI.run(["test", scratch.path("nowhere").path]).status, 66)
    }
}
