import Foundation
import MediaTestSupport
import XCTest

/// Ctrl-C during a batch: it stops while planning and while items run, and leaves nothing behind.
extension BatchCLITests {
    /// Planning builds every item's film before the first render; Ctrl-C stops it between items, not after all of
    /// them (272 s for a thousand items in a debug build), and no report is written.
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
}
