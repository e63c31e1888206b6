import Foundation
import MediaTestSupport
import SpruceFilm
import SpruceRender
import XCTest

/// A folder or a FIFO where a golden should be is not a golden that cannot be read: a record or an accept will not
/// replace it, so a check says what it is and that goldens are regular files, as it does of a link, instead of
/// promising that recording replaces it; a record and an accept refuse it before writing anything.
final class GoldenInTheWayTests: XCTestCase {
    func testAFolderOrAFIFOInAGoldensPlaceIsNamedAndLeftAsItIs() throws {
        let scratch = try Scratch()
        let folder = scratch.path("goldens")
        let film = try cornerFilm(fps: 25)
        let goldens = FilmGoldens(folder: folder)
        _ = try goldens.record(film, name: "corner")

        let strip = folder.appendingPathComponent("corner.filmstrip.png"), motion = folder.appendingPathComponent("corner.motion.txt")
        try FileManager.default.removeItem(at: strip)
        try FileManager.default.createDirectory(at: strip, withIntermediateDirectories: false)
        try Data("mine\n".utf8).write(to: strip.appendingPathComponent("notes.txt"))
        try FileManager.default.removeItem(at: motion)
        XCTAssertEqual(mkfifo(motion.path, 0o644), 0)

        let checked = try goldens.check(film, name: "corner", artifacts: nil)
        XCTAssertEqual(checked.missing, [])
        XCTAssertEqual(checked.failures.sorted(), [
            "filmstrip: the golden corner.filmstrip.png is a directory; goldens are regular files in their folder",
            "motion.txt: the golden corner.motion.txt is a FIFO (named pipe); goldens are regular files in their folder",
        ])
        XCTAssertEqual(goldens.refusal(accepting: checked),
                       "the golden corner.filmstrip.png is a directory; a golden is written only as a regular file in its folder (move it away)")
        XCTAssertEqual(goldens.refusal(accepting: checked, kinds: ["motion"]),
                       "the golden corner.motion.txt is a FIFO (named pipe); a golden is written only as a regular file in its folder (move it away)")
        XCTAssertNil(goldens.refusal(accepting: checked, kinds: ["timing"]))

        XCTAssertThrowsError(try goldens.record(film, name: "corner")) { error in
            XCTAssertEqual(error as? RenderError, .write("\(strip.path): a directory; a golden is written only as a regular file in its folder (move it away)"))
        }
        XCTAssertThrowsError(try goldens.accept(checked, kinds: ["motion"])) { error in
            XCTAssertEqual(error as? RenderError, .write("\(motion.path): a FIFO (named pipe); a golden is written only as a regular file in its folder (move it away)"))
        }
        XCTAssertEqual(try String(contentsOf: strip.appendingPathComponent("notes.txt"), encoding: .utf8), "mine\n")
        XCTAssertEqual(FileKind.of(motion.path), .fifo)

        // Moved away, the goldens record and pass again.
        try FileManager.default.removeItem(at: strip)
        try FileManager.default.removeItem(at: motion)
        _ = try goldens.record(film, name: "corner")
        XCTAssertTrue(try goldens.check(film, name: "corner", artifacts: nil).passed)
    }
}
