import Foundation
import SpruceScene
import SpruceSnapshotTesting
import XCTest

/// `render-gif test` and `assertFilmGoldens` keep the same files: goldens recorded by the strategies pass
/// `render-gif test` on the scene, and goldens recorded by `render-gif test --record` pass `assertFilmGoldens`.
/// `RENDER_GIF` is the path of a built `render-gif` (`scripts/example-package.sh` sets it).
final class GoldenInterchangeTests: XCTestCase {
    static let scene = #"""
        {"canvas": {"width": 120, "height": 80, "background": "#FFFFFF"},
         "views": [{"id": "a", "frame": [10, 10, 40, 60], "backgroundColor": "#4080E0"},
                   {"id": "b", "frame": [70, 10, 40, 60], "backgroundColor": "#E08040"}],
         "choreography": {"animations": ["fade-in"], "animationDuration": 0.3, "delay": 0.1},
         "timeline": {"fps": 25, "hold": 0.1}}
        """#

    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("interchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Data(Self.scene.utf8).write(to: scratch.appendingPathComponent("cards.json"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    /// The film `render-gif test` plays for the scene: at its `timeline.fps`.
    func film() throws -> Film {
        let document = try SceneParser.load(contentsOf: scratch.appendingPathComponent("cards.json"))
        return try SceneFilm(document: document, framesPerSecond: document.timeline.fps ?? 25).film
    }

    func testGoldensRecordedByTheStrategiesPassRenderGifTest() throws {
        let goldens = scratch.appendingPathComponent("by-snapshots")
        let film = try film()
        // swift-snapshot-testing's own names: TESTNAME.NAME.EXTENSION, so testName is the scene's, named the kind.
        let recorded = [
            verifySnapshot(of: film, as: .filmstrip(FilmstripGolden()), named: "filmstrip", record: .all, snapshotDirectory: goldens.path, testName: "cards"),
            verifySnapshot(of: film, as: .timing, named: "timing", record: .all, snapshotDirectory: goldens.path, testName: "cards"),
            verifySnapshot(of: film, as: .motion(every: 0.05), named: "motion", record: .all, snapshotDirectory: goldens.path, testName: "cards"),
        ]
        for message in recorded { XCTAssertTrue(message?.hasPrefix("Record mode is on") == true, message ?? "nothing recorded") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted(),
                       ["cards.filmstrip.png", "cards.motion.txt", "cards.timing.txt"])
        let run = try renderGif(["test", scratch.appendingPathComponent("cards.json").path, "--goldens", goldens.path])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("ok    cards"), run.output)
    }

    func testGoldensRecordedByRenderGifPassTheStrategies() throws {
        let goldens = scratch.appendingPathComponent("by-render-gif")
        let run = try renderGif(["test", scratch.appendingPathComponent("cards.json").path, "--goldens", goldens.path, "--record"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted(),
                       ["cards.filmstrip.png", "cards.motion.txt", "cards.timing.txt"])
        assertFilmGoldens(of: try film(), named: "cards", snapshotDirectory: goldens.path, record: .never)
    }

    func renderGif(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let path = ProcessInfo.processInfo.environment["RENDER_GIF"] else {
            throw XCTSkip("RENDER_GIF is not set to a built render-gif (scripts/example-package.sh sets it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
