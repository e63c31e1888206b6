import Foundation
import MediaTestSupport
import SpruceFilm
import SpruceRender
import XCTest

/// A golden that is a symbolic link is neither read nor written through: a check fails it without reading what it
/// names, and a record or an accept (the CLI's or the review page's) refuses it, so nothing outside the goldens
/// folder is read into a report or replaced.
final class GoldenLinkTests: XCTestCase {
    /// A scratch folder with the goldens of the corner film recorded in its `goldens` folder.
    func recorded() throws -> (scratch: Scratch, folder: URL, goldens: FilmGoldens, film: Film) {
        let scratch = try Scratch()
        let folder = scratch.path("goldens")
        let film = try cornerFilm(fps: 25)
        _ = try FilmGoldens(folder: folder).record(film, name: "corner")
        return (scratch, folder, FilmGoldens(folder: folder), film)
    }

    func testALinkedGoldenFailsItsCheckAndIsNeverWrittenThrough() throws {
        let (scratch, folder, goldens, film) = try recorded()

        // The motion golden becomes a link to a file outside the folder; the filmstrip a link to a copy of itself,
        // the very bytes a check expects.
        let outside = scratch.path("outside.txt")
        try Data("not a golden\n".utf8).write(to: outside)
        let motion = folder.appendingPathComponent("corner.motion.txt"), strip = folder.appendingPathComponent("corner.filmstrip.png")
        try FileManager.default.removeItem(at: motion)
        try FileManager.default.createSymbolicLink(at: motion, withDestinationURL: outside)
        let copy = scratch.path("strip-copy.png")
        try FileManager.default.moveItem(at: strip, to: copy)
        try FileManager.default.createSymbolicLink(at: strip, withDestinationURL: copy)

        let checked = try goldens.check(film, name: "corner", artifacts: nil)
        XCTAssertFalse(checked.passed)
        XCTAssertEqual(checked.missing, [])
        XCTAssertEqual(checked.failures.sorted(), [
            "filmstrip: the golden corner.filmstrip.png is a symbolic link; goldens are regular files in their folder",
            "motion.txt: the golden corner.motion.txt is a symbolic link; goldens are regular files in their folder",
        ])

        XCTAssertThrowsError(try goldens.record(film, name: "corner")) { error in
            XCTAssertEqual(error as? RenderError, .write("\(motion.path): a symbolic link; a golden is written only as a regular file in its folder (remove the link)"))
        }
        XCTAssertThrowsError(try goldens.accept(checked))
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "not a golden\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: motion.path), outside.path)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: strip.path), copy.path)

        // Without the links, the same goldens record and pass again.
        try FileManager.default.removeItem(at: motion)
        try FileManager.default.removeItem(at: strip)
        _ = try goldens.record(film, name: "corner")
        XCTAssertTrue(try goldens.check(film, name: "corner", artifacts: nil).passed)
    }

    /// A link that leads nowhere is a link, not a golden still to record.
    func testALinkToNothingIsALinkNotAMissingGolden() throws {
        let (scratch, folder, goldens, film) = try recorded()
        let timing = folder.appendingPathComponent("corner.timing.txt")
        try FileManager.default.removeItem(at: timing)
        try FileManager.default.createSymbolicLink(atPath: timing.path, withDestinationPath: scratch.path("nothing").path)
        let checked = try goldens.check(film, name: "corner", artifacts: nil)
        XCTAssertEqual(checked.missing, [])
        XCTAssertEqual(checked.failures, ["timing.txt: the golden corner.timing.txt is a symbolic link; goldens are regular files in their folder"])
        XCTAssertThrowsError(try goldens.accept(checked))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("nothing").path))
    }
}
