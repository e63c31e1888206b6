import Foundation
import MediaTestSupport
import SnapshotTesting
import SpruceFilm
import SpruceSnapshotTesting
import XCTest

/// `assertFilmGoldens` (swift-snapshot-testing) and `FilmGoldens` (`render-gif test`) keep the same files: what
/// one records the other passes, byte for byte the same.
final class FilmGoldenInterchangeTests: XCTestCase {
    func testGoldensRecordedByEitherSidePassTheOther() throws {
        let scratch = try Scratch()
        let film = try cornerFilm(fps: 25)
        let bySnapshots = scratch.path("by-snapshots"), byGoldens = scratch.path("by-goldens")

        let recording = IssueLog()
        recording.collect { assertFilmGoldens(of: film, named: "corner", snapshotDirectory: bySnapshots.path, record: .all) }
        XCTAssertEqual(recording.reported.count, 3, "record mode notes each golden it wrote: \(recording.reported)")
        let checked = try FilmGoldens(folder: bySnapshots).check(film, name: "corner", artifacts: nil)
        XCTAssertTrue(checked.passed, "\(checked.failures) \(checked.missing)")

        let recorded = try FilmGoldens(folder: byGoldens).record(film, name: "corner")
        XCTAssertEqual(recorded.recorded.sorted(), ["corner.filmstrip.png", "corner.motion.txt", "corner.timing.txt"])
        let asserting = IssueLog()
        asserting.collect { assertFilmGoldens(of: film, named: "corner", snapshotDirectory: byGoldens.path, record: .never) }
        XCTAssertEqual(asserting.reported, [])

        for file in recorded.recorded {
            XCTAssertEqual(try Data(contentsOf: bySnapshots.appendingPathComponent(file)), try Data(contentsOf: byGoldens.appendingPathComponent(file)), file)
        }
    }

    func testAChangedFilmFailsEachGoldenItChanges() throws {
        let scratch = try Scratch()
        let folder = scratch.path("goldens")
        _ = try FilmGoldens(folder: folder).record(try cornerFilm(fps: 25), name: "corner")
        let log = IssueLog()
        try log.collect { assertFilmGoldens(of: try cornerFilm(delay: 0.06, fps: 25), named: "corner", snapshotDirectory: folder.path, record: .never) }
        XCTAssertEqual(log.reported.count, 3, "\(log.reported)")
        XCTAssertTrue(log.reported.contains { $0.contains("first difference at t=") }, "\(log.reported)")
        XCTAssertTrue(log.reported.contains { $0.contains("timing.txt differs at line") }, "\(log.reported)")
    }

    /// A golden that cannot be made is an issue, and nothing is stored in its place, in record mode either.
    func testAGoldenThatCannotBeMadeIsReportedAndNothingIsWritten() throws {
        let scratch = try Scratch()
        let folder = scratch.path("s")
        let film = try cornerFilm(fps: 25)
        let log = IssueLog()
        let message = log.collect {
            withSnapshotTesting(record: .all) {
                verifySnapshot(of: film, as: .motion(every: 0.0001), named: "motion", snapshotDirectory: folder.path, timeout: 0.1, testName: "film")
            }
        }
        XCTAssertNotNil(message, "no snapshot: the assertion fails")
        XCTAssertEqual(log.reported.count, 1, "\(log.reported)")
        XCTAssertTrue(log.reported.first?.contains("the motion golden of the film could not be made: sampling every 0.0001 s gives") == true,
                      "\(log.reported)")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [], [], "nothing is stored")

        let nothing = Choreographed(size: CGSize(width: 100, height: 100), root: { tileGrid() }) { _ in }
        let filming = IssueLog()
        _ = filming.collect {
            verifySnapshot(of: nothing, as: .film(.timing), named: "t", record: .all, snapshotDirectory: folder.path, timeout: 0.1, testName: "c")
        }
        XCTAssertTrue(filming.reported.first?.hasPrefix("the choreography cannot be filmed: ") == true, "\(filming.reported)")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [], [], "no error text saved as a golden")
    }

    func testANameTheLibraryWouldChangeIsRefused() throws {
        let log = IssueLog()
        try log.collect { assertFilmGoldens(of: try cornerFilm(fps: 25), named: "corner film", snapshotDirectory: "/nonexistent/never-made") }
        XCTAssertEqual(log.reported.count, 1)
        XCTAssertTrue(log.reported[0].contains("would be changed by swift-snapshot-testing"), log.reported[0])
    }
}
