import Foundation
import MediaTestSupport
import SnapshotTesting
import SpruceFilm
import SpruceSnapshotReview
import SpruceSnapshotTesting
import XCTest

/// Real strategy failures, through swift-snapshot-testing's `verifySnapshot`, left in an artifacts folder, listed
/// and accepted with `FilmFailures`; then the same check passes without record mode.
final class FilmFailureAcceptTests: XCTestCase {
    override func tearDown() { unsetenv("SNAPSHOT_ARTIFACTS") }

    func testEachFilmStrategyFailureIsListedAcceptedAndThenPasses() throws {
        let s = try FilmFailureScratch()
        let film = try cornerFilm(fps: 25), later = try cornerFilm(delay: 0.06, fps: 25)
        let strip = Snapshotting<Film, Filmstrip>.filmstrip(at: [0, 0.1, 0.2, 0.4])
        let frame = Snapshotting<Film, Bitmap>.frame(at: 0.1)
        _ = s.verify(film, strip, "strip", record: true)
        _ = s.verify(film, .timing, "timing", record: true)
        _ = s.verify(film, .motion(every: 0.05), "motion", record: true)
        _ = s.verify(film, frame, "t0-100", record: true)
        XCTAssertNotNil(s.verify(later, strip, "strip"))
        XCTAssertNotNil(s.verify(later, .timing, "timing"))
        XCTAssertNotNil(s.verify(later, .motion(every: 0.05), "motion"))
        let frameMessage = try XCTUnwrap(s.verify(later, frame, "t0-100"))
        XCTAssertTrue(frameMessage.contains("film failure, to review and accept: "), frameMessage)

        let list = s.failures.list()
        XCTAssertEqual(list.skipped, [])
        XCTAssertFalse(list.truncated)
        let byKind = Dictionary(uniqueKeysWithValues: list.failures.map { ($0.manifest.kind, $0) })
        XCTAssertEqual(Set(byKind.keys), ["filmstrip", "timing", "motion", "frame"])
        let expectations: [(kind: String, file: String, files: [String], time: Double?)] = [
            ("filmstrip", "film.strip.png", ["expected.png", "actual.png", "difference.png", "side-by-side.apng"], 0.1),
            ("frame", "film.t0-100.png", ["expected.png", "actual.png", "difference.png", "side-by-side.png"], 0.1),
            ("timing", "film.timing.txt", ["expected.txt", "actual.txt", "difference.txt"], nil),
            ("motion", "film.motion.txt", ["expected.txt", "actual.txt", "difference.txt"], nil),
        ]
        for e in expectations {
            let failure = try XCTUnwrap(byKind[e.kind])
            XCTAssertTrue(failure.id.hasPrefix(e.kind + "-"), failure.id)
            XCTAssertEqual(failure.manifest.snapshot, s.snapshots.appendingPathComponent(e.file).standardizedFileURL.path)
            XCTAssertEqual(failure.manifest.test, "FilmFailureAcceptTests/film")
            XCTAssertEqual(failure.manifest.files.all, e.files, e.kind)
            if let time = e.time { XCTAssertEqual(try XCTUnwrap(failure.manifest.firstDifference), time, accuracy: 1e-9) }
            XCTAssertFalse(failure.isAccepted())
            XCTAssertEqual(try s.failures.accept(id: failure.id).path, failure.manifest.snapshot)
            XCTAssertTrue(failure.isAccepted())
        }
        let motion = try XCTUnwrap(byKind["motion"]?.manifest.firstDifference, "a motion line names its time")
        XCTAssertGreaterThan(motion, 0)

        XCTAssertNil(s.verify(later, strip, "strip"))
        XCTAssertNil(s.verify(later, .timing, "timing"))
        XCTAssertNil(s.verify(later, .motion(every: 0.05), "motion"))
        XCTAssertNil(s.verify(later, frame, "t0-100"))
    }

    /// A text golden saved with Windows line endings (CRLF) differs at every line but its empty last one, and
    /// `difference.txt` lists those lines one by one, the expected's carriage return shown as `\r`.
    func testACRLFTextGoldensDifferenceListsEachOfItsLines() throws {
        let s = try FilmFailureScratch()
        let film = try cornerFilm(fps: 25)
        _ = s.verify(film, .timing, "timing", record: true)
        let golden = s.snapshots.appendingPathComponent("film.timing.txt")
        let text = try String(contentsOf: golden, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: golden)
        XCTAssertNotNil(s.verify(film, .timing, "timing"))
        let failure = try XCTUnwrap(s.failures.list().failures.first)
        let difference = try String(contentsOf: failure.folder.appendingPathComponent("difference.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertGreaterThan(lines.count, 2)
        XCTAssertEqual(difference, lines.enumerated().map { "line \($0 + 1)\n- \($1)\\r\n+ \($1)\n" }.joined())
    }

    /// Without the diff tool the run never names the snapshot file: the failure is listed and cannot be accepted, and
    /// a later diff tool call for another file does not take it.
    func testAFailureWhoseSnapshotFileIsUnknownCannotBeAccepted() throws {
        let s = try FilmFailureScratch()
        _ = s.verify(try cornerFilm(fps: 25), .timing, "timing", record: true, tool: nil)
        XCTAssertNotNil(s.verify(try cornerFilm(delay: 0.06, fps: 25), .timing, "timing", tool: nil))
        let other = s.scratch.path("other.txt")
        try Data("other".utf8).write(to: other)
        let tool: SnapshotTestingConfiguration.DiffTool = .filmArtifacts
        _ = tool(currentFilePath: s.snapshots.appendingPathComponent("x.txt").path, failedFilePath: other.path)
        let failure = try XCTUnwrap(s.failures.list().failures.first)
        XCTAssertNil(failure.manifest.snapshot)
        XCTAssertFalse(failure.canBeAccepted)
        XCTAssertThrowsError(try s.failures.accept(id: failure.id)) { error in
            guard case FilmFailureError.notAcceptable = error else { return XCTFail("\(error)") }
        }
    }
}
