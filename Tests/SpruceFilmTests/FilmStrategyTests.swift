import Foundation
import MediaTestSupport
import SnapshotTesting
import Spruce
import SpruceFilm
import SpruceRender
import SpruceSnapshotReview
import SpruceSnapshotTesting
import XCTest

/// The strategies over time, driven through swift-snapshot-testing's own `verifySnapshot`: record, pass,
/// then fail on a changed film with a message that names the time and the views, and artifacts on disk.
final class FilmStrategyTests: XCTestCase {
    func verify<Format>(_ film: Film, _ strategy: Snapshotting<Film, Format>, _ dir: URL, record: Bool, name: String) -> String? {
        withSnapshotTesting(record: record ? .all : .never) {
            verifySnapshot(of: film, as: strategy, named: name, snapshotDirectory: dir.path, testName: "film")
        }
    }

    func testEachStrategyRecordsPassesAndNamesTheFirstDifference() throws {
        let scratch = try Scratch()
        let artifacts = scratch.path("artifacts")
        setenv("SNAPSHOT_ARTIFACTS", artifacts.path, 1)
        defer { unsetenv("SNAPSHOT_ARTIFACTS") }
        let film = try cornerFilm(fps: 25)
        let later = try cornerFilm(delay: 0.06, fps: 25)
        let dir = scratch.path("__Snapshots__")

        XCTAssertNotNil(verify(film, .filmstrip(every: 0.1), dir, record: true, name: "every"), "record mode reports the recording")
        XCTAssertNil(verify(film, .filmstrip(every: 0.1), dir, record: false, name: "every"))
        XCTAssertNotNil(verify(later, .filmstrip(every: 0.1), dir, record: false, name: "every"), "a longer film has more frames")
        let times = [0.0, 0.1, 0.2, 0.4]
        _ = verify(film, .filmstrip(at: times), dir, record: true, name: "strip")
        XCTAssertNil(verify(film, .filmstrip(at: times), dir, record: false, name: "strip"))
        let strip = try XCTUnwrap(verify(later, .filmstrip(at: times), dir, record: false, name: "strip"))
        XCTAssertTrue(strip.contains("first difference at t=0.100 s in tile-"), strip)
        let failed = try XCTUnwrap(FilmFailures(artifacts: artifacts).list().failures.first { $0.manifest.kind == "filmstrip" && $0.difference != nil })
        let left = try FileManager.default.contentsOfDirectory(atPath: failed.folder.path)
        for name in ["expected.png", "actual.png", "difference.png", "side-by-side.apng", "manifest.json"] {
            XCTAssertTrue(left.contains(name), "artifacts: \(left)")
        }

        _ = verify(film, .timing, dir, record: true, name: "timing")
        XCTAssertNil(verify(film, .timing, dir, record: false, name: "timing"))
        let timing = try XCTUnwrap(verify(later, .timing, dir, record: false, name: "timing"))
        XCTAssertTrue(timing.contains("first at tile-"), timing)

        _ = verify(film, .motion(every: 0.05), dir, record: true, name: "motion")
        XCTAssertNil(verify(film, .motion(every: 0.05), dir, record: false, name: "motion"))
        let motion = try XCTUnwrap(verify(try cornerFilm(damping: 0.525, fps: 25), .motion(every: 0.05), dir, record: false, name: "motion"))
        XCTAssertTrue(motion.contains("first at 0.") && motion.contains("s, tile-"), motion)

        for (name, strategy) in [String: Snapshotting<Film, Bitmap>].frames(at: [0.1, 0.3]) {
            _ = verify(film, strategy, dir, record: true, name: name)
            XCTAssertNil(verify(film, strategy, dir, record: false, name: name))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertTrue(files.contains("film.t0-100.png"), "\(files)")
    }

    func testMotionReportIsRoundedAndListsOnlyAnimatedProperties() throws {
        let report = try cornerFilm(fps: 25).motionReport(every: 0.1)
        let lines = report.split(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("# motion every 0.100 s"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("t=0.100 tile-0-0 alpha=") && $0.contains(" scale=") }, report)
        XCTAssertFalse(report.contains(" x="), "the tiles do not move: positions are not listed")
        XCTAssertFalse(report.contains("root"), "the root does not change")
    }

    func testAChoreographyClosureWorksWithoutBuildingAFilm() throws {
        let scratch = try Scratch()
        let c = Choreographed(size: CGSize(width: 160, height: 160), framesPerSecond: 25, root: { tileGrid() }) {
            $0.spruce.animate([.fadeIn], duration: 0.3)
        }
        let dir = scratch.path("s")
        let strategy: Snapshotting<Choreographed, String> = .film(.timing)
        _ = withSnapshotTesting(record: .all) { verifySnapshot(of: c, as: strategy, named: "t", snapshotDirectory: dir.path, testName: "c") }
        XCTAssertNil(withSnapshotTesting(record: .never) { verifySnapshot(of: c, as: strategy, named: "t", snapshotDirectory: dir.path, testName: "c") })
    }
}
