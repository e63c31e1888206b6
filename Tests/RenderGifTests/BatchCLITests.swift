import Foundation
import MediaTestSupport
import XCTest

/// `render-gif batch`: a manifest with good and bad items, shards that cover every item once, up-to-date skips.
final class BatchCLITests: XCTestCase {
    struct Report: Decodable {
        struct Entry: Decodable { let index: Int; let out: String; let status: String; let message: String?; let frames: Int }
        let shard: Int
        let shards: Int
        let items: [Entry]
    }

    /// Stills are quick to render: the batch machinery is what is tested here (joins and videos have their own tests).
    private func manifest(in scratch: Scratch, items: Int, badAt bad: Set<Int> = []) throws -> URL {
        var lines = ["items:"]
        for i in 0..<items {
            if bad.contains(i) {
                lines.append("  - {scene: minimal, out: out/item-\(i).png, flags: [--sort, sideways]}")
            } else {
                let hold = String(format: "%.2f", 0.1 * Double(i % 5))
                lines.append("  - {scene: minimal, out: out/item-\(i).png, flags: [--size, 60x60, --hold, '\(hold)']}")
            }
        }
        let url = scratch.path("batch.yaml")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private func report(_ url: URL) throws -> Report { try JSONDecoder().decode(Report.self, from: Data(contentsOf: url)) }

    func testABadItemFailsAloneAndTheRestAreRenderedThenSkipped() throws {
        let scratch = try Scratch()
        let manifest = try manifest(in: scratch, items: 4, badAt: [2])
        // Run from another folder: paths are the manifest's.
        let first = try CLI.run(["batch", manifest.path, "--jobs", "2", "--report", scratch.path("r1.json").path], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(first.status, 1, first.stderr)
        let r1 = try report(scratch.path("r1.json"))
        XCTAssertEqual(r1.items.map(\.status), ["rendered", "rendered", "failed", "rendered"])
        XCTAssertTrue(r1.items[2].message?.contains("--sort") == true, "\(r1.items[2])")
        XCTAssertTrue(first.stdout.contains("FAILED    out/item-2.png: --sort"), first.stdout)
        for i in [0, 1, 3] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/item-\(i).png").path))
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/item-\(i).png.spruce-stamp").path), "no stamp beside the output")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/item-2.png").path))

        // Again: everything that was rendered is up to date.
        let second = try CLI.run(["batch", manifest.path, "--report", scratch.path("r2.json").path])
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(try report(scratch.path("r2.json")).items.map(\.status), ["skipped", "skipped", "failed", "skipped"])

        // A changed flag, a removed output and --force render again.
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text = text.replacingOccurrences(of: "out: out/item-0.png, flags: [--size, 60x60", with: "out: out/item-0.png, flags: [--size, 62x60")
        text = text.replacingOccurrences(of: "--sort, sideways", with: "--sort, radial")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: scratch.path("out/item-1.png"))
        let third = try CLI.run(["batch", manifest.path, "--report", scratch.path("r3.json").path])
        XCTAssertEqual(third.status, 0, third.stdout + third.stderr)
        XCTAssertEqual(try report(scratch.path("r3.json")).items.map(\.status), ["rendered", "rendered", "rendered", "skipped"])
        let forced = try CLI.run(["batch", manifest.path, "--force", "--report", scratch.path("r4.json").path])
        XCTAssertEqual(forced.status, 0)
        XCTAssertEqual(Set(try report(scratch.path("r4.json")).items.map(\.status)), ["rendered"])
    }

    /// Every problem found before an item ran was reported with exit status 64, whatever render itself says. Each
    /// failed item's status is now the one `render-gif` gives the same flags alone (a missing scene 66, a bad scene
    /// 65, a bad flag 64); a second item on an output already taken 73, a bad manifest entry 65.
    func testAFailedItemsStatusIsTheOneRenderGives() throws {
        let scratch = try Scratch()
        try Data(#"{"canvas": {"width": -3, "height": 10}, "views": []}"#.utf8).write(to: scratch.path("bad.json"))
        let items: [(line: String, render: [String]?)] = [
            ("{scene: nothere.json, out: a.png}", ["--scene", "nothere.json", "--out", "a.png"]),
            ("{scene: bad.json, out: b.png}", ["--scene", "bad.json", "--out", "b.png"]),
            ("{scene: minimal, out: c.png, flags: [--sort, sideways]}", ["--scene", "minimal", "--out", "c.png", "--sort", "sideways"]),
            ("{scene: minimal, out: d.png, flags: [--delay, '9999']}", ["--scene", "minimal", "--out", "d.png", "--delay", "9999"]),
            ("{scene: minimal, out: same.png}", nil),
            ("{scene: minimal, out: same.png, flags: [--size, 60x60]}", nil),
            ("{out: e.png}", nil),
        ]
        try (["items:"] + items.map { "  - " + $0.line }).joined(separator: "\n").write(to: scratch.path("batch.yaml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", "batch.yaml", "--report", "r.json"], in: scratch.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        let entries = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.path("r.json"))) as? [String: Any])?["items"] as? [[String: Any]])
        var expected: [Int] = []
        for item in items {
            guard let render = item.render else { continue }
            expected.append(Int(try CLI.run(render, in: scratch.url).status))
        }
        XCTAssertEqual(expected, [66, 65, 64, 64], "render's own statuses")
        // The first of the two items on one out renders; the second collides with it.
        XCTAssertEqual(entries.map { $0["exitStatus"] as? Int }, expected.map { Optional($0) } + [nil, 73, 65], "\(entries)")
        XCTAssertEqual(entries[4]["status"] as? String, "rendered")
    }

    /// An item's recipe fields and the same values as flags make the same render (one recipe either way); a field
    /// given both ways is the item's mistake (65), and the others still run.
    func testStructuredFieldsAndFlagsMakeTheSameRender() throws {
        let scratch = try Scratch()
        try """
            items:
              - {scene: minimal, out: a.png, size: 60x60, hold: 0.2, sort: cornered, corner: bottomRight, background: sprucegreen}
              - {scene: minimal, out: b.png, flags: [--size, 60x60, --hold, "0.2", --sort, cornered, --corner, bottomRight, --background, sprucegreen]}
              - {scene: minimal, out: c.png, sort: cornered, flags: [--sort, radial]}
              - {scene: minimal, out: d.png, corner: topRight}
            """.write(to: scratch.path("m.yaml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", "m.yaml", "--report", "r.json"], in: scratch.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["rendered", "rendered", "failed", "failed"], "\(r.items)")
        XCTAssertEqual(r.items[2].message, "`sort` is given both as a field and in its flags; give it once")
        XCTAssertEqual(r.items[3].message?.hasPrefix("--corner has no effect with --sort"), true, "\(r.items[3])")
        XCTAssertEqual(try Data(contentsOf: scratch.path("a.png")), try Data(contentsOf: scratch.path("b.png")))
    }

    /// The stamp covers the images a scene names: a new picture under the same file name renders the item again.
    /// An item whose out is the manifest (or the report) fails alone, before any work, and the file stays as it was.
    func testAnItemCannotWriteOverTheManifestOrTheReport() throws {
        let scratch = try Scratch()
        let text = """
            items:
              - {scene: minimal, out: self.yaml, flags: [--format, png, --size, 60x60]}
              - {scene: minimal, out: sub/../r.json, flags: [--format, png, --size, 60x60]}
              - {scene: minimal, out: ok.png, flags: [--size, 60x60]}
            """
        let manifest = scratch.path("self.yaml")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: scratch.path("sub"), withIntermediateDirectories: true)
        let run = try CLI.run(["batch", manifest.path, "--report", scratch.path("r.json").path], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), text)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["failed", "failed", "rendered"])
        XCTAssertEqual(r.items[0].message, "its out 'self.yaml' is the manifest of this batch; give it another name")
        XCTAssertEqual(r.items[1].message, "its out 'sub/../r.json' is the --report of this batch; give it another name")
    }

    /// Every file an item writes, not only its out, is checked against the manifest, the report, the records folder,
    /// the other items' files and scenes: an item's --timing overwrote the manifest, another item's GIF (kept for good as "up
    /// to date") or a later item's scene. The later item of a pair fails before any work; the files stay as they were.
    func testAnItemsOtherFilesCannotWriteOverWhatTheBatchKeeps() throws {
        let scratch = try Scratch()
        let scene = #"{"canvas": {"width": 40, "height": 40}, "views": [{"frame": [5, 5, 30, 30]}], "choreography": {"animationDuration": 0.1}, "timeline": {"hold": 0}}"#
        try scene.write(to: scratch.path("s.json"), atomically: true, encoding: .utf8)
        let text = """
            items:
              - {scene: minimal, out: a.png, flags: [--size, 40x40]}
              - {scene: minimal, out: b.png, flags: [--size, 40x40, --timing, m.yaml]}
              - {scene: minimal, out: c.png, flags: [--size, 40x40, --timing, a.png]}
              - {scene: minimal, out: d.png, flags: [--size, 40x40, --sheet, s.json]}
              - {scene: s.json, out: e.png}
              - {scene: minimal, out: f.png, flags: [--size, 40x40, --timing-chart, .spruce-batch/a.png]}
              - {scene: minimal, out: g.png, flags: [--size, 40x40, --timing, r.json]}
              - {scene: minimal, out: h.png, flags: [--size, 40x40, --timing, .spruce-batch]}
              - {scene: minimal, out: i.png, flags: [--size, 40x40, --timing, i.json]}
            """
        let manifest = scratch.path("m.yaml")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", manifest.path, "--report", scratch.path("r.json").path])
        XCTAssertEqual(run.status, 1, run.stderr)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["rendered", "failed", "failed", "failed", "rendered", "failed", "failed", "failed", "rendered"])
        XCTAssertEqual(r.items[1].message, "its --timing 'm.yaml' is the manifest of this batch; give it another name")
        XCTAssertEqual(r.items[2].message, "its --timing 'a.png' is written by items[0] too; give each item its own files")
        XCTAssertEqual(r.items[3].message, "its --sheet 's.json' is read by items[4] (its scene or an image); give it another name")
        XCTAssertEqual(r.items[5].message, "its --timing-chart '.spruce-batch/a.png' and a file of the batch are one inside the other; give each item its own folder")
        XCTAssertEqual(r.items[6].message, "its --timing 'r.json' is the --report of this batch; give it another name")
        XCTAssertEqual(r.items[7].message, "its --timing '.spruce-batch' is the records folder of this batch; give it another name")
        XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), text)
        XCTAssertEqual(try String(contentsOf: scratch.path("s.json"), encoding: .utf8), scene)
        XCTAssertEqual(try Data(contentsOf: scratch.path("a.png")).prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("i.json").path), "an item's own --timing is written")
    }

    /// Three ways one item wrote another's file, each run to the end with exit 0: a folder reached through a link
    /// (`lnk` → `sub`: the check compared paths of files that did not exist yet, unresolved), a file inside another
    /// item's folder of frames, and `--out=x` in an item's flags (only the words `--out`, `-o` were refused). The
    /// later item now fails before anything runs and the earlier one renders.
    func testItemsCannotReachEachOthersOutputsByAnotherSpelling() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(at: scratch.path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("lnk").path, withDestinationPath: "sub")
        let text = """
            items:
              - {scene: minimal, out: sub/x.png, flags: [--size, 40x40]}
              - {scene: minimal, out: lnk/x.png, flags: [--size, 40x40, --hold, '0.1']}
              - {scene: minimal, out: fr/, flags: [--size, 40x40]}
              - {scene: minimal, out: fr/frame_00000.png, flags: [--size, 40x40]}
              - {scene: minimal, out: b.png, flags: [--size, 40x40, --out=c.png]}
              - {scene: minimal, out: d.png, flags: [--size, 40x40, -oe.png]}
            """
        let manifest = scratch.path("m.yaml")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", manifest.path, "--report", scratch.path("r.json").path])
        XCTAssertEqual(run.status, 1, run.stderr)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["rendered", "failed", "rendered", "failed", "failed", "failed"], run.stdout)
        XCTAssertEqual(r.items[1].message, "items[0] writes 'lnk/x.png' too; give each item its own out")
        XCTAssertEqual(r.items[3].message, "its out 'fr/frame_00000.png' and a file of items[2] are one inside the other; give each item its own folder")
        XCTAssertEqual(r.items[4].message, "items[4]: `flags` must not repeat --out; the item's scene and out give it")
        XCTAssertEqual(r.items[5].message, "items[5]: `flags` must not repeat -o; the item's scene and out give it")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)),
                       ["sub", "lnk", "fr", ".spruce-batch", "m.yaml", "r.json"], "no b.png, c.png, d.png or e.png")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path("sub").path)), ["x.png"], "records are kept in .spruce-batch")
    }

    /// Planning builds every item's film before the first render; Ctrl-C stopped only after all of them (272 s for
    /// a thousand items in a debug build). It now stops between items, and no report is written.
    func testCtrlCStopsTheBatchWhilePlanning() throws {
        let scratch = try Scratch()
        let items = (0..<2000).map { "  - {scene: dense-grid, out: o/\($0).gif, flags: [--fps, '1000']}" }
        try (["items:"] + items).joined(separator: "\n").write(to: scratch.path("m.yaml"), atomically: true, encoding: .utf8)
        let running = try CLI.start(["batch", scratch.path("m.yaml").path, "--report", scratch.path("r.json").path])
        var waited = 0
        while !ErrorTests.catchesSIGINT(running.process.processIdentifier) && running.process.isRunning && waited < 3000 {
            usleep(10_000); waited += 1
        }
        usleep(200_000)
        kill(running.process.processIdentifier, SIGINT)
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(result.stderrLines, ["render-gif: error: interrupted; nothing was written"])
        XCTAssertEqual(scratch.contents, ["m.yaml"], "no report, no output: the batch stopped before its items ran")
    }

    /// Items run two at a time: the second ran on a thread of Dispatch's pool, whose blocked SIGINT and SIGTERM its
    /// child inherited, so a Ctrl-C left that render running to its end, or, after a second signal, orphaned with its
    /// ffmpeg and temporary file. Both items now stop, the batch exits 130 and nothing is left.
    func testCtrlCStopsEveryRunningItem() throws {
        let scratch = try Scratch()
        // Absolute outputs: every item's and its ffmpeg's command line names the scratch folder.
        let items = (0..<3).map { "  - {scene: grid, out: '\(scratch.path("o").path)/\($0).mp4', flags: [--rows, '3', --columns, '3']}" }
        try (["items:"] + items).joined(separator: "\n").write(to: scratch.path("m.yaml"), atomically: true, encoding: .utf8)
        let log = scratch.path("phases.log").path
        // Each item waits at the start of its drawing until it is signalled (for a minute at most).
        let running = try CLI.start(["batch", scratch.path("m.yaml").path, "--jobs", "2"],
                                    environment: ["SPRUCE_PAUSE_IN_PHASE": "encode", "SPRUCE_PHASE_LOG": log])
        var waited = 0
        func paused() -> Int { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0 == "encode" }.count }
        while paused() < 2, running.process.isRunning, waited < 6000 { usleep(10_000); waited += 1 }
        XCTAssertEqual(paused(), 2, "both items reached their encoding")
        kill(running.process.processIdentifier, SIGINT)
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(result.stderrLines, ["render-gif: error: interrupted; nothing was written"])
        XCTAssertEqual(result.stdout.split(separator: "\n").filter { $0.contains("interrupted; nothing was written") }.count, 2,
                       result.stdout)
        XCTAssertEqual(scratch.contents, ["m.yaml", "o", "phases.log"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("o").path), [], "no temporary file")
        XCTAssertEqual(BadInputRunner.processes(mentioning: scratch.path("o").path), [], "no item and no ffmpeg still running")
    }

    /// A file or folder in the records folder where an item's record goes, that render-gif did not write, is never
    /// replaced: the item fails before it renders; the other items' records are written as usual.
    func testARecordPathHoldingSomethingElseFailsItsItemFirst() throws {
        let scratch = try Scratch()
        let records = scratch.path(".spruce-batch")
        /// Renders `out` alone and returns the name of the record that appeared for it.
        func recordName(of out: String) throws -> String {
            let before = Set((try? FileManager.default.contentsOfDirectory(atPath: records.path)) ?? [])
            try "items:\n  - {scene: minimal, out: \(out), size: 60x60}\n".write(to: scratch.path("one.yaml"), atomically: true, encoding: .utf8)
            XCTAssertEqual(try CLI.run(["batch", scratch.path("one.yaml").path]).status, 0)
            try FileManager.default.removeItem(at: scratch.path(out))
            return try XCTUnwrap(Set(try FileManager.default.contentsOfDirectory(atPath: records.path)).subtracting(before).first)
        }
        let notesRecord = try recordName(of: "notes.png"), dirRecord = try recordName(of: "dir.png")
        let notes = "my own notes, not render-gif's\n"
        try notes.write(to: records.appendingPathComponent(notesRecord), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: records.appendingPathComponent(dirRecord))
        try FileManager.default.createDirectory(at: records.appendingPathComponent(dirRecord), withIntermediateDirectories: true)
        let text = """
            items:
              - {scene: minimal, out: notes.png, size: 60x60}
              - {scene: minimal, out: dir.png, size: 60x60}
              - {scene: minimal, out: ok.png, size: 60x60}
            """
        let manifest = scratch.path("b.yaml")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try CLI.run(["batch", manifest.path, "--report", scratch.path("r.json").path])
        XCTAssertEqual(run.status, 1, run.stderr)
        let r = try report(scratch.path("r.json"))
        XCTAssertEqual(r.items.map(\.status), ["failed", "failed", "rendered"])
        XCTAssertEqual(r.items[0].message, "its record '\(notesRecord)' holds something render-gif did not write; move it away or name another out")
        XCTAssertEqual(r.items[1].message, "its record '\(dirRecord)' is a directory, not a stamp render-gif wrote")
        XCTAssertEqual(try String(contentsOf: records.appendingPathComponent(notesRecord), encoding: .utf8), notes)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("notes.png").path), "nothing rendered for it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("dir.png").path))
        // --force does not change that; the good item's own record is rewritten.
        let again = try CLI.run(["batch", manifest.path, "--force", "--report", scratch.path("r2.json").path])
        XCTAssertEqual(try report(scratch.path("r2.json")).items.map(\.status), ["failed", "failed", "rendered"], again.stderr)
    }

    func testAChangedImageRendersItsItemAgain() throws {
        let scratch = try Scratch()
        try BadInputCases.tinyPNG.write(to: scratch.path("img.png"))
        try #"{"canvas": {"width": 40, "height": 40}, "views": [{"id": "pic", "type": "image", "image": "img.png", "frame": [0, 0, 40, 40]}], "choreography": {"animationDuration": 0.1}, "timeline": {"hold": 0}}"#
            .write(to: scratch.path("pic.json"), atomically: true, encoding: .utf8)
        try "items:\n  - {scene: pic.json, out: out/pic.png}\n".write(to: scratch.path("batch.yaml"), atomically: true, encoding: .utf8)
        func statuses(_ name: String) throws -> [String] {
            let run = try CLI.run(["batch", scratch.path("batch.yaml").path, "--report", scratch.path(name).path])
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
            return try report(scratch.path(name)).items.map(\.status)
        }
        XCTAssertEqual(try statuses("r1.json"), ["rendered"])
        XCTAssertEqual(try statuses("r2.json"), ["skipped"])
        // Another 4×4 picture (plain red, written once by ffmpeg) under the same name.
        let red = try XCTUnwrap(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGP4y8AARwzEcQCrMw/RBpGVewAAAABJRU5ErkJggg=="))
        try red.write(to: scratch.path("img.png"))
        XCTAssertEqual(try statuses("r3.json"), ["rendered"])
        XCTAssertEqual(try statuses("r4.json"), ["skipped"])
    }

    func testShardsCoverEveryItemExactlyOnce() throws {
        let scratch = try Scratch()
        let manifest = try manifest(in: scratch, items: 11, badAt: [4])
        var seen: [Int] = []
        for shard in 1...3 {
            let result = try CLI.run(["batch", manifest.path, "--shard", "\(shard)/3", "--jobs", "2",
                                      "--report", scratch.path("s\(shard).json").path])
            let report = try report(scratch.path("s\(shard).json"))
            XCTAssertEqual(report.shard, shard)
            XCTAssertEqual(result.status, report.items.contains { $0.status == "failed" } ? 1 : 0, result.stderr)
            XCTAssertGreaterThanOrEqual(report.items.count, 3, "balanced: 11 items in 3 shards")
            seen += report.items.map(\.index)
        }
        XCTAssertEqual(seen.sorted(), Array(0..<11), "every item in exactly one shard")
        for i in 0..<11 where i != 4 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/item-\(i).png").path), "item \(i)")
        }
    }

    func testBadManifestsAndFlagsAreRefusedBeforeAnyWork() throws {
        let scratch = try Scratch()
        let broken = scratch.path("broken.yaml")
        try "items: [ {scene: grid".write(to: broken, atomically: true, encoding: .utf8)
        let cases: [([String], Int32)] = [
            (["batch", broken.path], 65),
            (["batch", scratch.path("missing.yaml").path], 66),
            (["batch", broken.path, "--shard", "0/2"], 64),
            (["batch", broken.path, "--shard", "3/2"], 64),
            (["batch", broken.path, "--jobs", "0"], 64),
            (["batch", broken.path, "--jobs", "1e9"], 64),
        ]
        for (arguments, status) in cases {
            let result = try CLI.run(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(scratch.contents, ["broken.yaml"])
    }
}
