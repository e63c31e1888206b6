import Foundation
import SnapshotTesting
import SpruceFilm
import SpruceRender
import SpruceSnapshotReview
import SpruceSnapshotTesting
import XCTest

/// A bitmap snapshot (`.image`) that fails leaves a failure's folder as the film strategies do: listed by
/// `FilmFailures` with its expected, actual and difference pictures, accepted into the snapshot file, after which the
/// same check passes.
final class ImageFailureTests: XCTestCase {
    override func tearDown() { unsetenv("SNAPSHOT_ARTIFACTS") }

    func testAnImageMismatchLeavesAFailureFolderThatIsListedAndAccepted() throws {
        let s = try FilmFailureScratch()
        let film = try cornerFilm(fps: 25)
        let first = try film.frame(at: 0), later = try film.frame(at: 0.3)
        func verify(_ bitmap: Bitmap, record: Bool = false) -> String? {
            withSnapshotTesting(record: record ? .all : .never, diffTool: .filmArtifacts) {
                verifySnapshot(of: bitmap, as: .image, named: "card", snapshotDirectory: s.snapshots.path, testName: "still")
            }
        }
        _ = verify(first, record: true)
        let message = try XCTUnwrap(verify(later))
        XCTAssertTrue(message.contains("images differ: "), message)
        let list = s.failures.list()
        XCTAssertEqual(list.skipped, [])
        XCTAssertEqual(list.failures.count, 1)
        let failure = try XCTUnwrap(list.failures.first)
        XCTAssertEqual(failure.manifest.kind, "image")
        XCTAssertTrue(message.contains("artifacts: \(failure.folder.path)"), message)
        XCTAssertEqual(failure.manifest.files.all, ["expected.png", "actual.png", "difference.png"])
        XCTAssertEqual(failure.manifest.snapshot, s.snapshots.appendingPathComponent("still.card.png").standardizedFileURL.path)
        let actual = try Bitmap(contentsOfFile: failure.folder.appendingPathComponent("actual.png").path)
        XCTAssertEqual(actual.packedBGRA(), later.packedBGRA())
        _ = try s.failures.accept(id: failure.id)
        XCTAssertNil(verify(later))
    }
}
