import Foundation
import MediaTestSupport
import SnapshotTesting
import SpruceFilm
import SpruceSnapshotReview
import SpruceSnapshotTesting
import XCTest

/// A golden that is there but cannot be read (a truncated filmstrip PNG), or that holds bytes `record` never writes
/// (a byte order mark before a text golden's first line), differs: `FilmGoldens` (`render-gif test`) and
/// `assertFilmGoldens` both fail it naming the file, and recording, or accepting what the check found, replaces it.
final class UnreadableGoldenTests: XCTestCase {
    override func tearDown() { unsetenv("SNAPSHOT_ARTIFACTS") }

    /// The goldens of the corner film in `folder`, then the filmstrip cut to half its bytes and the timing golden
    /// given a byte order mark.
    private func damagedGoldens(_ folder: URL) throws {
        _ = try FilmGoldens(folder: folder).record(try cornerFilm(fps: 25), name: "corner")
        let strip = folder.appendingPathComponent("corner.filmstrip.png"), timing = folder.appendingPathComponent("corner.timing.txt")
        let png = try Data(contentsOf: strip)
        try png.prefix(png.count / 2).write(to: strip)
        try (Data([0xEF, 0xBB, 0xBF]) + Data(contentsOf: timing)).write(to: timing)
    }

    func testACheckFailsItNamingTheFileAndAnAcceptReplacesIt() throws {
        let scratch = try Scratch()
        let folder = scratch.path("goldens")
        try damagedGoldens(folder)
        let goldens = FilmGoldens(folder: folder), film = try cornerFilm(fps: 25)
        let checked = try goldens.check(film, name: "corner", artifacts: nil)
        XCTAssertEqual(checked.failures.count, 2, "\(checked.failures)")
        XCTAssertTrue(checked.failures[0].hasPrefix("filmstrip: the golden corner.filmstrip.png cannot be read ("), checked.failures[0])
        XCTAssertTrue(checked.failures[0].hasSuffix("); recording or accepting replaces it"), checked.failures[0])
        XCTAssertTrue(checked.failures[1].hasPrefix("timing.txt differs at line 1 (1 line differs), first at the header"), checked.failures[1])
        XCTAssertTrue(checked.failures[1].contains("expected '\\u{FEFF}# view"), checked.failures[1])
        XCTAssertEqual(checked.missing, [])
        XCTAssertEqual(checked.verdicts.map(\.state), [.differs, .differs, .matches])

        XCTAssertEqual(try goldens.accept(checked), ["corner.filmstrip.png", "corner.timing.txt"])
        XCTAssertTrue(try goldens.check(film, name: "corner", artifacts: nil).passed)
    }

    func testRecordingReplacesWhatACheckFails() throws {
        let scratch = try Scratch()
        let folder = scratch.path("goldens")
        try damagedGoldens(folder)
        let film = try cornerFilm(fps: 25)
        XCTAssertEqual(try FilmGoldens(folder: folder).record(film, name: "corner").recorded, ["corner.filmstrip.png", "corner.timing.txt"])
        XCTAssertTrue(try FilmGoldens(folder: folder).check(film, name: "corner", artifacts: nil).passed)
        XCTAssertEqual(try FilmGoldens(folder: folder).record(film, name: "corner").recorded, [], "a golden that checks equal is left alone")
    }

    func testTheSnapshotStrategiesFailItNamingTheFileAndRecordModeReplacesIt() throws {
        let scratch = try Scratch()
        let folder = scratch.path("goldens")
        try damagedGoldens(folder)
        let film = try cornerFilm(fps: 25)
        let checking = IssueLog()
        checking.collect { assertFilmGoldens(of: film, named: "corner", snapshotDirectory: folder.path, record: .never) }
        XCTAssertEqual(checking.reported.count, 2, "\(checking.reported)")
        let strip = checking.reported.first { $0.contains("the reference PNG cannot be read (") }
        XCTAssertTrue(strip?.contains("corner.filmstrip.png") == true, "\(checking.reported)")
        let timing = checking.reported.first { $0.contains("timing.txt differs at line 1") }
        XCTAssertTrue(timing?.contains("corner.timing.txt") == true, "\(checking.reported)")

        let recording = IssueLog()
        recording.collect { assertFilmGoldens(of: film, named: "corner", snapshotDirectory: folder.path, record: .all) }
        XCTAssertTrue(try FilmGoldens(folder: folder).check(film, name: "corner", artifacts: nil).passed)
        let again = IssueLog()
        again.collect { assertFilmGoldens(of: film, named: "corner", snapshotDirectory: folder.path, record: .never) }
        XCTAssertEqual(again.reported, [])
    }

    /// A reference PNG that cannot be read leaves a failure folder, as a changed one does (it left none): `FilmFailures`
    /// lists it, with the reference's bytes as they were and the actual, and accepting it writes the actual over the
    /// reference; `assertFilmGoldens` and the frame strategy alike.
    func testTheFilmStrategiesLeaveAFailureThatIsListedAndAccepted() throws {
        let s = try FilmFailureScratch()
        let film = try cornerFilm(fps: 25)
        let frame = Snapshotting<Film, Bitmap>.frame(at: 0.1)
        let goldens = { (record: SnapshotTestingConfiguration.Record) in
            assertFilmGoldens(of: film, named: "corner", snapshotDirectory: s.snapshots.path, record: record)
        }
        IssueLog().collect { goldens(.all) }
        _ = s.verify(film, frame, "t0-100", record: true)
        var cut: [String: Data] = [:]
        for file in ["corner.filmstrip.png", "film.t0-100.png"] {
            let url = s.snapshots.appendingPathComponent(file), png = try Data(contentsOf: url)
            cut[file] = png.prefix(png.count / 2)
            try cut[file]!.write(to: url)
        }
        let checking = IssueLog()
        checking.collect { goldens(.never) }
        XCTAssertEqual(checking.reported.count, 1, "\(checking.reported)")
        let message = checking.reported.first ?? ""
        XCTAssertTrue(message.contains("the reference PNG cannot be read ("), message)
        XCTAssertTrue(message.contains("); recording or accepting replaces it\nartifacts: "), message)
        XCTAssertTrue(message.contains("film failure, to review and accept: "), message)
        XCTAssertNotNil(s.verify(film, frame, "t0-100"))

        let list = s.failures.list()
        XCTAssertEqual(list.skipped, [])
        XCTAssertEqual(Set(list.failures.map(\.manifest.kind)), ["filmstrip", "frame"])
        for failure in list.failures {
            let file = failure.manifest.kind == "frame" ? "film.t0-100.png" : "corner.filmstrip.png"
            XCTAssertEqual(failure.manifest.snapshot, s.snapshots.appendingPathComponent(file).standardizedFileURL.path)
            XCTAssertEqual(failure.manifest.files.all, ["expected.png", "actual.png"])
            XCTAssertEqual(try Data(contentsOf: failure.expected), cut[file], "the reference as it was")
            XCTAssertTrue(failure.manifest.message.contains("cannot be read"), failure.manifest.message)
            XCTAssertEqual(try s.failures.accept(id: failure.id).path, failure.manifest.snapshot)
        }
        let again = IssueLog()
        again.collect { goldens(.never) }
        XCTAssertEqual(again.reported, [])
        XCTAssertNil(s.verify(film, frame, "t0-100"))
    }
}
