import Foundation
import SpruceScene
@testable import SpruceReviewServer
import XCTest

/// A review whose goldens folder is not there yet, as `render-gif test --accept` takes one: every golden is new, the
/// review writes nothing, and accepting a scene makes the folder and writes its goldens there.
final class ReviewNewGoldensFolderTests: XCTestCase {
    func testAGoldensFolderNotThereYetListsEveryGoldenAsNewAndAcceptMakesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-review-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReviewHarness.scene().write(to: folder.appendingPathComponent("card.json"))
        let goldens = folder.appendingPathComponent("new/goldens")
        var launch = ReviewLaunch(paths: [folder.path])
        launch.goldens = goldens.path
        XCTAssertNoThrow(try launch.validate())
        let catalogue = try ReviewCatalogue(paths: [folder.path], goldens: goldens.path)
        XCTAssertEqual(catalogue.problems, [])
        XCTAssertEqual(catalogue.items.map(\.name), ["card"])
        let item = try XCTUnwrap(catalogue.items.first)
        XCTAssertEqual(Set(item.verdicts.values), ["missing"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path), "reviewing writes nothing")
        try catalogue.accept(item, kinds: nil)
        var check = SceneGoldenRun(paths: [folder.path])
        check.goldens = goldens.path
        XCTAssertNil(try check.run().failure)
    }
}
