import Foundation
import MediaTestSupport
import SpruceSnapshotReview
import XCTest

/// A failure folder is outside input: a manifest cannot make `FilmFailures.accept` write anywhere but an existing
/// `__Snapshots__` file of its golden's extension, and `list` skips what it cannot read instead of failing.
final class FilmFailureHostileTests: XCTestCase {
    override func tearDown() { unsetenv("SNAPSHOT_ARTIFACTS") }

    func testAManifestCannotPointTheAcceptanceElsewhere() throws {
        let s = try FilmFailureScratch()
        let failure = try s.timingFailure()
        let victim = s.scratch.path("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let link = s.snapshots.appendingPathComponent("link.timing.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        let png = s.snapshots.appendingPathComponent("film.other.png")
        try Data("keep".utf8).write(to: png)
        let targets = [
            victim.path,                                                          // outside any __Snapshots__ folder
            s.snapshots.path + "/../../victim.txt",                               // `..` out of it
            link.path,                                                            // a link out of it
            png.path,                                                             // another extension
            s.snapshots.appendingPathComponent("new.timing.txt").path,            // not there
            s.snapshots.path,                                                     // a folder
            "film.timing.txt",                                                    // not absolute
        ]
        for target in targets {
            try s.rewrite(failure) { $0.snapshot = target }
            XCTAssertThrowsError(try s.failures.accept(id: failure.id), target)
        }
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep")
        XCTAssertEqual(try String(contentsOf: png, encoding: .utf8), "keep")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.snapshots.appendingPathComponent("new.timing.txt").path))
        let left = try FileManager.default.contentsOfDirectory(atPath: s.snapshots.path).sorted()
        XCTAssertEqual(left, ["film.other.png", "film.timing.txt", "link.timing.txt"], "no temporary is left")

        // An actual that is not a golden of its kind, or a file name that leaves the folder, is refused too.
        try FileManager.default.copyItem(at: failure.actual, to: failure.folder.appendingPathComponent("actual.png"))
        try s.rewrite(failure) { $0.kind = "filmstrip"; $0.files.actual = "actual.png"; $0.snapshot = png.path }
        XCTAssertThrowsError(try s.failures.accept(id: failure.id)) { XCTAssertTrue("\($0)".contains("not a PNG"), "\($0)") }
        XCTAssertEqual(try String(contentsOf: png, encoding: .utf8), "keep")
        try s.rewrite(failure) { $0.files.actual = "../../victim.txt" }
        XCTAssertThrowsError(try s.failures.accept(id: failure.id))
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep")
        for id in ["../artifacts", "", ".", String(repeating: "a", count: 65), "a/b"] {
            XCTAssertThrowsError(try s.failures.accept(id: id)) { error in
                XCTAssertEqual(error as? FilmFailureError, .noSuchFailure(id: id))
            }
        }
    }

    func testListingSkipsWhatItCannotReadAndStopsAtItsLimit() throws {
        let s = try FilmFailureScratch()
        let good = try s.timingFailure()
        let folder = s.failures.folder
        func make(_ name: String, manifest: Data?) throws {
            let dir = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try manifest?.write(to: dir.appendingPathComponent(FilmFailureManifest.fileName))
        }
        try make("no-manifest", manifest: nil)
        try make("not-json", manifest: Data("{\"kind\":".utf8))
        try make("too-large", manifest: Data(count: FilmFailures.maximumManifestBytes + 1))
        try make("bad name", manifest: nil)
        try make("fifo", manifest: nil)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo/manifest.json").path, 0o600), 0)
        try Data().write(to: folder.appendingPathComponent("a-file"))

        let list = s.failures.list()
        XCTAssertEqual(list.failures.map(\.id), [good.id])
        XCTAssertEqual(list.skipped.map(\.name), ["a-file", "bad name", "fifo", "no-manifest", "not-json", "too-large"])
        XCTAssertTrue(list.skipped.allSatisfy { !$0.reason.isEmpty })
        XCTAssertFalse(list.truncated)

        for i in 0..<FilmFailures.maximumFailures { try FileManager.default.createDirectory(at: folder.appendingPathComponent("z\(i)"), withIntermediateDirectories: false) }
        let capped = s.failures.list()
        XCTAssertTrue(capped.truncated)
        XCTAssertEqual(capped.failures.count + capped.skipped.count, FilmFailures.maximumFailures)
        let none = FilmFailures(artifacts: s.scratch.path("nothing")).list()
        XCTAssertTrue(none.failures.isEmpty && none.skipped.isEmpty && !none.truncated)
    }
}
