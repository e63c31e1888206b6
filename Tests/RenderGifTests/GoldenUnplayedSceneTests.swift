import Foundation
import MediaTestSupport
import XCTest

/// What `render-gif test`'s last line says of a scene that could not be played (its scene file is broken), on the
/// real program and real files.
final class GoldenUnplayedSceneTests: XCTestCase {
    /// `scenes/a.json` recorded, then `scenes/b.json`, a scene file that does not parse; returns the scenes folder.
    static func scenesWithABrokenOne(_ scratch: Scratch) throws -> URL {
        let scenes = try GoldenFailureLineTests.recordedScene(scratch)
        try Data("{\"canvas\": ".utf8).write(to: scenes.appendingPathComponent("b.json"))
        return scenes
    }

    /// A scene that could not be played was counted among the scenes that differ from the goldens. It is counted and
    /// named apart, after them, and the run still fails.
    func testASceneThatCannotBePlayedIsNamedApartFromThoseThatDiffer() throws {
        let scratch = try Scratch()
        let scenes = try Self.scenesWithABrokenOne(scratch)
        try Data(GoldenAcceptCLITests.scene(duration: 0.2).utf8).write(to: scenes.appendingPathComponent("a.json"))
        let checked = try CLI.run(["test", scenes.path])
        XCTAssertEqual(checked.status, 1, checked.stdout + checked.stderr)
        XCTAssertEqual(checked.stdout.split(separator: "\n").last, "0 passed, 2 failed of 2 scenes")
        XCTAssertEqual(checked.stderrLines, ["render-gif: error: 1 scene differs from the goldens: a; 1 scene could not be played: b "
                                             + "(--report r.html shows expected, actual and difference)"])
    }

    /// The last line told to run with --report to see expected, actual and difference pictures when the only scenes
    /// that failed could not be played, and have none. It says so only when a failed scene was played.
    func testNoReportHintWhenNoFailedSceneHasPictures() throws {
        let scratch = try Scratch()
        let scenes = try Self.scenesWithABrokenOne(scratch)
        for (flags, line) in [([], "1 scene could not be played: b"), (["--accept-all"], "1 scene not accepted, as it could not be played: b")] {
            let checked = try CLI.run(["test", scenes.path] + flags)
            XCTAssertEqual(checked.status, 1, "\(flags): " + checked.stdout + checked.stderr)
            XCTAssertEqual(checked.stderrLines, ["render-gif: error: " + line], "\(flags)")
        }
    }
}
