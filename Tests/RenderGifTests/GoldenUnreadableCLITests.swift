import Foundation
import MediaTestSupport
import XCTest

/// `render-gif test` on goldens that are there but are not what `--record` writes: a filmstrip that cannot be read
/// differs (it is neither "new" nor a scene that cannot be played), and `--accept` replaces it; a text golden with a
/// byte order mark differs, so that the check and `--record` agree.
final class GoldenUnreadableCLITests: XCTestCase {
    func testACorruptFilmstripFailsNamingItAndIsAccepted() throws {
        let scratch = try Scratch()
        let scenes = try GoldenFailureLineTests.recordedScene(scratch)
        let strip = scenes.appendingPathComponent("goldens/a.filmstrip.png")
        let png = try Data(contentsOf: strip)
        try png.prefix(png.count / 2).write(to: strip)

        let checked = try CLI.run(["test", scenes.path])
        XCTAssertEqual(checked.status, 1, checked.stderr)
        let line = checked.stdout.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(line.hasPrefix("FAIL  a: filmstrip: the golden a.filmstrip.png cannot be read ("), checked.stdout)
        XCTAssertTrue(line.hasSuffix("); --accept or --record replaces it"), checked.stdout)

        let accepted = try CLI.run(["test", scenes.path, "--accept", "a"])
        XCTAssertEqual(accepted.status, 0, accepted.stdout + accepted.stderr)
        XCTAssertTrue(accepted.stdout.hasSuffix("0 passed, 1 failed of 1 scenes\naccepted a: a.filmstrip.png\n"), accepted.stdout)
        XCTAssertEqual(try CLI.run(["test", scenes.path]).stdout, "ok    a\n1 passed, 0 failed of 1 scenes\n")

        try png.prefix(png.count / 2).write(to: strip)
        let all = try CLI.run(["test", scenes.path, "--accept-all"])
        XCTAssertEqual(all.status, 0, all.stdout + all.stderr)
        XCTAssertTrue(all.stdout.hasSuffix("accepted a: a.filmstrip.png\n"), all.stdout)
        XCTAssertEqual(try Data(contentsOf: strip), png)
    }

    func testATextGoldenWithAByteOrderMarkFailsAndRecordRewritesIt() throws {
        let scratch = try Scratch()
        let scenes = try GoldenFailureLineTests.recordedScene(scratch)
        let motion = scenes.appendingPathComponent("goldens/a.motion.txt")
        let text = try Data(contentsOf: motion)
        try (Data([0xEF, 0xBB, 0xBF]) + text).write(to: motion)

        let checked = try CLI.run(["test", scenes.path])
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertTrue(checked.stdout.hasPrefix("FAIL  a: motion.txt differs at line 1 (1 line differs), first at the header "
                                               + "(film length, frame count or rate): expected '\\u{FEFF}#"), checked.stdout)
        let recorded = try CLI.run(["test", scenes.path, "--record"])
        XCTAssertEqual(recorded.stdout, "wrote a: a.motion.txt\nrecorded 1 of 1 scenes\n", recorded.stderr)
        XCTAssertEqual(try Data(contentsOf: motion), text)
        XCTAssertEqual(try CLI.run(["test", scenes.path, "--record"]).stdout, "same  a\nrecorded 0 of 1 scenes\n")
    }
}
