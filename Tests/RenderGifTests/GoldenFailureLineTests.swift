import Foundation
import MediaTestSupport
import XCTest

/// What `render-gif test`'s FAIL line says of a golden that differs, on the real program and real files.
final class GoldenFailureLineTests: XCTestCase {
    /// `scenes/a.json` (`GoldenAcceptCLITests.scene`) with its goldens recorded; returns the scenes folder.
    static func recordedScene(_ scratch: Scratch) throws -> URL {
        let scenes = scratch.path("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try Data(GoldenAcceptCLITests.scene().utf8).write(to: scenes.appendingPathComponent("a.json"))
        let recorded = try CLI.run(["test", scenes.path, "--record"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        return scenes
    }

    /// A timing golden whose view line changed: the line shows the expected and the actual line (it ended with
    /// "first at card:" and nothing after the colon).
    func testAChangedTimingLineIsShown() throws {
        let scratch = try Scratch()
        let scenes = try Self.recordedScene(scratch)
        let timing = scenes.appendingPathComponent("goldens/a.timing.txt")
        var lines = try String(contentsOf: timing, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let actual = lines[1]
        lines[1] = actual.replacingOccurrences(of: "card", with: "card \u{1B}[31m")
        try Data(lines.joined(separator: "\n").utf8).write(to: timing)
        let checked = try CLI.run(["test", scenes.path])
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertEqual(checked.stdout.split(separator: "\n").first.map(String.init),
                       "FAIL  a: timing.txt differs at line 2 (1 line differs), first at card: expected '"
                       + lines[1].replacingOccurrences(of: "\u{1B}", with: "\\e") + "', actual '\(actual)'")
    }
}
