import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene
import XCTest

/// A goldens run over scene files as one library call: record, check, the lines and reports it writes, and its
/// refusals before any scene is played, worded without command-line flags.
final class SceneGoldenRunTests: XCTestCase {
    /// A scratch folder with fixtures/scenes/grid.json in `scenes/`.
    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/scenes")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("grid.json"),
                                         to: folder.appendingPathComponent("scenes/grid.json"))
        return folder
    }

    func testRecordThenCheckThenReportADifference() throws {
        let folder = try scratch()
        let scenes = folder.appendingPathComponent("scenes")
        var run = SceneGoldenRun(paths: [scenes.path])
        run.threads = 1
        var lines: [String] = [], written: [String] = []
        var events = SceneGoldenRun.Events()
        events.line = { lines.append($0) }
        events.wrote = { written.append($0) }
        let new = try run.run(events)
        XCTAssertEqual(new.failure, "1 scene differs from the goldens: grid")
        XCTAssertEqual(lines[0], "NEW   grid: no golden grid.filmstrip.png, grid.timing.txt, grid.motion.txt (record them)")

        run.recording = true
        lines = []
        XCTAssertNil(try run.run(events).failure)
        XCTAssertEqual(lines, ["wrote grid: grid.filmstrip.png, grid.timing.txt, grid.motion.txt", "recorded 1 of 1 scenes"])
        XCTAssertEqual(written.map { URL(fileURLWithPath: $0).lastPathComponent }, ["grid.filmstrip.png", "grid.timing.txt", "grid.motion.txt"])

        // A slower spring, checked with a report and a JUnit file.
        let grid = scenes.appendingPathComponent("grid.json")
        let text = try String(contentsOf: grid, encoding: .utf8)
        try text.replacingOccurrences(of: "\"damping\": 0.5", with: "\"damping\": 0.525").write(to: grid, atomically: true, encoding: .utf8)
        run.recording = false
        run.report = folder.appendingPathComponent("r.html").path
        run.junit = folder.appendingPathComponent("r.xml").path
        var checkpoints: [SceneGoldenRun.Checkpoint] = []
        events.checkpoint = { checkpoints.append($0) }
        (lines, written) = ([], [])
        let failed = try run.run(events)
        XCTAssertEqual(failed.failure, "1 scene differs from the goldens: grid")
        XCTAssertEqual(checkpoints, [.played, .reporting])
        XCTAssertTrue(lines[0].hasPrefix("FAIL  grid: filmstrip: first difference at t="), lines[0])
        XCTAssertEqual(lines.last, "0 passed, 1 failed of 1 scenes")
        XCTAssertTrue(written.contains(folder.appendingPathComponent("r.files/grid.difference.png").path), "\(written)")
        XCTAssertEqual(Array(written.suffix(2)), [run.report!, run.junit!])
        XCTAssertTrue(try String(contentsOfFile: run.report!, encoding: .utf8).contains("r.files/grid.expected.png"))
    }

    /// A caller that throws at a checkpoint stops the run there: no report is written.
    func testACheckpointThatThrowsStopsBeforeTheReports() throws {
        let folder = try scratch()
        var run = SceneGoldenRun(paths: [folder.appendingPathComponent("scenes").path])
        run.report = folder.appendingPathComponent("r.html").path
        var events = SceneGoldenRun.Events()
        events.checkpoint = { if $0 == .reporting { throw RenderCancelled() } }
        XCTAssertThrowsError(try run.run(events)) { XCTAssertTrue($0 is RenderCancelled) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["scenes"], "no report, no pictures")
    }

    func testRefusalsBeforeAnySceneIsPlayed() throws {
        let folder = try scratch()
        let scenes = folder.appendingPathComponent("scenes").path
        var run = SceneGoldenRun(paths: [folder.appendingPathComponent("none").path])
        XCTAssertThrowsError(try run.run()) {
            guard case .noScenes(.noSuchPath)? = $0 as? SceneGoldenRunError else { return XCTFail("\($0)") }
        }
        // A goldens folder that is a file.
        run = SceneGoldenRun(paths: [scenes])
        run.goldens = scenes + "/grid.json"
        XCTAssertThrowsError(try run.run()) {
            XCTAssertEqual("\($0)", "the goldens folder '\(scenes)/grid.json': it is a file, not a folder")
        }
        // A report inside the goldens folder, named as the caller labels it.
        run.goldens = folder.appendingPathComponent("goldens").path
        try FileManager.default.createDirectory(atPath: run.goldens!, withIntermediateDirectories: true)
        run.report = folder.appendingPathComponent("goldens/r.html").path
        run.labels.report = "the page"
        XCTAssertThrowsError(try run.run()) {
            guard case .outputInGoldens(let message)? = $0 as? SceneGoldenRunError else { return XCTFail("\($0)") }
            XCTAssertTrue(message.hasPrefix("the page '\(run.report!)': it is in the goldens folder '"), message)
        }
        // The report over a scene file: the output plan refuses it.
        run.report = scenes + "/grid.json"
        XCTAssertThrowsError(try run.run()) { XCTAssertTrue($0 is OutputPlanError, "\($0)") }
    }

    func testShards() {
        XCTAssertEqual(SceneGoldenRun.Shard("2/4"), SceneGoldenRun.Shard(index: 1, count: 4))
        for bad in ["0/4", "5/4", "1/0", "1/10001", "1", "a/b", "1/2/3", ""] { XCTAssertNil(SceneGoldenRun.Shard(bad), bad) }
    }

    /// The last line names at most ten failed scenes, then how many more: each has its own line above it.
    func testTheLastLineNamesTenFailedScenesAndCountsTheRest() {
        func summary(failing count: Int, recording: Bool = false) -> SceneGoldenRun.Summary {
            let outcomes = (0..<count).map { i -> FilmGoldens.Outcome in
                var outcome = FilmGoldens.Outcome(name: "scene\(i)")
                outcome.failures = ["differs"]
                if !recording { outcome.verdicts = [FilmGoldens.Verdict(kind: "filmstrip", state: .differs)] }
                return outcome
            }
            return SceneGoldenRun.Summary(outcomes: outcomes, recording: recording)
        }
        let ten = (0..<10).map { "scene\($0)" }.joined(separator: ", ")
        XCTAssertEqual(summary(failing: 1).failure, "1 scene differs from the goldens: scene0")
        XCTAssertEqual(summary(failing: 10).failure, "10 scenes differ from the goldens: \(ten)")
        XCTAssertEqual(summary(failing: 300).failure, "300 scenes differ from the goldens: \(ten) and 290 more")
        XCTAssertEqual(summary(failing: 11, recording: true).failure, "11 scenes could not be recorded: \(ten) and 1 more")
        XCTAssertNil(summary(failing: 0).failure)
    }

    /// A scene that could not be played (no verdicts, only why) is counted and named apart from those that differ,
    /// and, among the scenes to accept, as not accepted.
    func testTheLastLineNamesTheScenesThatCouldNotBePlayedApart() {
        func outcome(_ name: String, played: Bool) -> FilmGoldens.Outcome {
            var outcome = FilmGoldens.Outcome(name: name)
            outcome.failures = [played ? "differs" : "\(name).json: not valid JSON"]
            if played { outcome.verdicts = [FilmGoldens.Verdict(kind: "filmstrip", state: .differs)] }
            return outcome
        }
        var summary = SceneGoldenRun.Summary(outcomes: [outcome("a", played: true), outcome("b", played: false),
                                                        outcome("c", played: false), outcome("d", played: false)], recording: false)
        XCTAssertEqual(summary.failure, "1 scene differs from the goldens: a; 3 scenes could not be played: b, c, d")
        summary.notAccepted = ["c"]
        XCTAssertEqual(summary.failure, "1 scene differs from the goldens: a; 2 scenes could not be played: b, d; "
                                        + "1 scene not accepted, as it could not be played: c")
    }

    /// A report has pictures only of the failed scenes that were played.
    func testPicturesOnlyOfFailedScenesThatWerePlayed() {
        var played = FilmGoldens.Outcome(name: "a"), unplayed = FilmGoldens.Outcome(name: "b")
        played.failures = ["differs"]
        played.verdicts = [FilmGoldens.Verdict(kind: "filmstrip", state: .differs)]
        unplayed.failures = ["b.json: not valid JSON"]
        XCTAssertTrue(SceneGoldenRun.Summary(outcomes: [played, unplayed], recording: false).failedWithPictures)
        XCTAssertFalse(SceneGoldenRun.Summary(outcomes: [unplayed], recording: false).failedWithPictures)
        var summary = SceneGoldenRun.Summary(outcomes: [played, unplayed], recording: false)
        summary.accepted = ["a"]
        XCTAssertFalse(summary.failedWithPictures, "an accepted scene no longer fails")
    }
}
