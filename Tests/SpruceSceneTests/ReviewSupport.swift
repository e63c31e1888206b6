import Foundation
import SnapshotTesting
import SpruceRender
@testable import SpruceScene
import SpruceSnapshotTesting
import XCTest

/// Golden images of the review outputs live in `fixtures/snapshots/SpruceScene/`. Re-record with
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter ReviewGoldenTests`, then look at them.
func assertReviewGolden(_ bitmap: Bitmap, named name: String, file: StaticString = #filePath,
                        testName: String = #function, line: UInt = #line) {
    let failure = verifySnapshot(
        of: bitmap, as: .image, named: name,
        snapshotDirectory: repositoryFixtures.appendingPathComponent("snapshots/SpruceScene").path,
        file: file, testName: testName, line: line)
    if let failure { XCTFail(failure, file: file, line: line) }
}

func examplePlayer(_ file: String, fps: Double? = nil) throws -> SceneFilm {
    let doc = try SceneParser.load(contentsOf: repositoryFixtures.appendingPathComponent("scenes/\(file)"))
    return try SceneFilm(document: doc, framesPerSecond: fps ?? doc.timeline.fps ?? 25)
}
