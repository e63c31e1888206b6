import Foundation
import MediaTestSupport
import XCTest

/// The up-to-date records and shards: an item is rendered again when its inputs change, each item belongs to one shard.
extension BatchCLITests {
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
        func statuses(_ name: String) throws -> [String] { try batchStatuses(scratch, report: name) }
        XCTAssertEqual(try statuses("r1.json"), ["rendered"])
        XCTAssertEqual(try statuses("r2.json"), ["skipped"])
        // Another 4×4 picture (plain red, written once by ffmpeg) under the same name.
        let red = try XCTUnwrap(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGP4y8AARwzEcQCrMw/RBpGVewAAAABJRU5ErkJggg=="))
        try red.write(to: scratch.path("img.png"))
        XCTAssertEqual(try statuses("r3.json"), ["rendered"])
        XCTAssertEqual(try statuses("r4.json"), ["skipped"])
    }

    /// An item is up to date only while every file it writes is there: with its --timing file gone, it renders
    /// again (its record vouched for the out alone, and the timing file was never made again without --force).
    func testAMissingSideOutputRendersItsItemAgain() throws {
        let scratch = try Scratch()
        try "items:\n  - {scene: grid, out: out/g.gif, flags: [--size, 40x40, --rows, 2, --columns, 2, --timing, out/g.json]}\n"
            .write(to: scratch.path("batch.yaml"), atomically: true, encoding: .utf8)
        func statuses(_ name: String) throws -> [String] { try batchStatuses(scratch, report: name) }
        XCTAssertEqual(try statuses("r1.json"), ["rendered"])
        XCTAssertEqual(try statuses("r2.json"), ["skipped"])
        try FileManager.default.removeItem(at: scratch.path("out/g.json"))
        XCTAssertEqual(try statuses("r3.json"), ["rendered"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/g.json").path))
        XCTAssertEqual(try statuses("r4.json"), ["skipped"])
    }

    /// Runs `batch.yaml` of `scratch` with its report in `report` (exit 0) and returns each item's status.
    func batchStatuses(_ scratch: Scratch, report name: String) throws -> [String] {
        let run = try CLI.run(["batch", scratch.path("batch.yaml").path, "--report", scratch.path(name).path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        return try report(scratch.path(name)).items.map(\.status)
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
}
