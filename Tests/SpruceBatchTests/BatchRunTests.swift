import Foundation
import SpruceBatch
import XCTest

/// A whole batch run with the library's own reader (`BatchPlanTests.read`) and a render that writes the item's
/// file: the manifest's problems, the shard's report and summary line, the report file, the records that skip an
/// up-to-date item, and shards that cover every item once.
final class BatchRunTests: XCTestCase {
    private var folder: URL!
    private var startFolder = FileManager.default.currentDirectoryPath

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        FileManager.default.changeCurrentDirectoryPath(startFolder)
        try? FileManager.default.removeItem(at: folder)
    }

    private func manifest(_ text: String) throws -> URL {
        let url = folder.appendingPathComponent("reel.yaml")
        try Data(text.utf8).write(to: url)
        return url
    }

    private func run(_ batch: BatchRun) throws -> (BatchReport, String) {
        var events = BatchRun.Events(plan: { BatchItemPlan($0, version: "test", read: BatchPlanTests.read, describe: { BatchItemProblem("\($0)", status: BatchRunner.usage) }) },
                                     render: { arguments in
                                         let out = arguments[arguments.firstIndex(of: "--out")! + 1]
                                         FileManager.default.createFile(atPath: out, contents: Data("GIF".utf8))
                                         return (0, nil)
                                     })
        var line = ""
        events.summary = { line = $0 }
        return (try batch.run(events), line)
    }

    func testManifestProblems() throws {
        XCTAssertThrowsError(try run(BatchRun(manifest: folder.appendingPathComponent("none.yaml"), version: "test"))) {
            guard case BatchRun.Problem.unreadable = $0 else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try run(BatchRun(manifest: try manifest("items: 3\n"), version: "test"))) {
            guard case BatchRun.Problem.manifest = $0 else { return XCTFail("\($0)") }
        }
    }

    /// The report is written after the items ran, so one that names an item's scene file is refused before any item.
    func testAReportOverAnItemsSceneFileIsRefusedBeforeAnyItem() throws {
        let url = try manifest("items:\n  - {scene: grid, out: a.gif}\n  - {scene: s.json, out: b.gif}\n")
        let scene = folder.appendingPathComponent("s.json")
        try Data("{}".utf8).write(to: scene)
        XCTAssertThrowsError(try run(BatchRun(manifest: url, report: scene, version: "test"))) {
            guard case BatchRun.Problem.reportIsInput(item: 1) = $0 else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(try Data(contentsOf: scene), Data("{}".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.gif").path))
    }

    /// A report over a file an item writes (the user's file there, or a folder of frames it would go into) is
    /// refused before any item: the item would fail, and the report replace the file anyway. So is one over the out
    /// of an item that cannot run (an unknown key).
    func testAReportOverAnItemsOutputIsRefusedBeforeAnyItem() throws {
        let url = try manifest("items:\n  - {scene: grid, out: a.gif}\n  - {scene: grid, out: b.gif, flags: [--timing, t.json]}\n"
                               + "  - {scene: grid, out: f/}\n  - {scene: grid, out: c.gif, bogus: 1}\n")
        let mine = Data("the user's".utf8)
        let cases: [(report: String, item: Int, label: String, path: String, nested: Bool)] = [
            ("b.gif", 1, "out", "b.gif", false), ("sub/../t.json", 1, "timing", "t.json", false),
            ("f/r.json", 2, "out", "f/", true), ("c.gif", 3, "out", "c.gif", false),
        ]
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for c in cases {
            let report = folder.appendingPathComponent(c.report)
            if !c.nested { try mine.write(to: report) }
            XCTAssertThrowsError(try run(BatchRun(manifest: url, report: report, version: "test")), c.report) {
                guard case let BatchRun.Problem.reportIsOutput(item, label, path, nested) = $0 else { return XCTFail("\($0)") }
                XCTAssertEqual([item == c.item, label == c.label, path == c.path, nested == c.nested], [true, true, true, true], "\($0)")
            }
            if !c.nested { XCTAssertEqual(try Data(contentsOf: report), mine, c.report) }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.gif").path), c.report)
        }
    }

    func testReportRecordsAndShards() throws {
        let url = try manifest("""
            items:
              - {scene: grid, out: a.gif, fps: 10}
              - {scene: grid, out: b.gif, fps: 20}
              - {scene: nosuch, out: c.gif}
            """)
        let reportURL = folder.appendingPathComponent("report.json")
        var batch = BatchRun(manifest: url, report: reportURL, version: "test")
        var (report, line) = try run(batch)
        XCTAssertEqual(report.items.map(\.status), [.rendered, .rendered, .failed])
        XCTAssertEqual(line, "shard 1/1: 3 of 3 items: 2 rendered, 0 skipped, 1 failed")
        XCTAssertEqual(try JSONDecoder().decode(BatchReport.self, from: Data(contentsOf: reportURL)).items.map(\.status), [.rendered, .rendered, .failed])
        (report, line) = try run(batch)
        XCTAssertEqual(report.items.map(\.status), [.skipped, .skipped, .failed])
        batch.shards = 2
        var covered: [Int] = []
        for shard in 1...2 {
            batch.shard = shard
            covered += try run(batch).0.items.map(\.index)
        }
        XCTAssertEqual(covered.sorted(), [0, 1, 2])
    }
}
