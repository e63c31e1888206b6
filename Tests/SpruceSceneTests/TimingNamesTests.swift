import Foundation
import SpruceFilm
import SpruceScene
import XCTest

/// Views without an id are named by their place in the tree, as the motion golden names them: the timing golden
/// tells them apart and gives each its own settling time (with Spruce's default tags, every row was `0` and every
/// row's settling time the first view's).
final class TimingNamesTests: XCTestCase {
    func timingRows(_ ids: [String]?) throws -> [[String]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/scenes/examples/minimal.json")
        var document = try SceneParser.load(contentsOf: url)
        if let ids { for i in document.views.indices { document.views[i].id = ids[i] } }
        let film = try SceneFilm(document: document, framesPerSecond: 25).film
        return try film.timingReport().split(separator: "\n").dropFirst().map { $0.split(separator: " ").map(String.init) }
    }

    func testViewsWithoutIdsAreNamedByPlaceAndSettleAsWithIds() throws {
        let unnamed = try timingRows(nil), named = try timingRows(["v0", "v1", "v2"])
        XCTAssertEqual(unnamed.map(\.first), ["0", "1", "2"])
        XCTAssertEqual(unnamed.map { Array($0.dropFirst()) }, named.map { Array($0.dropFirst()) }, "the same starts, durations and settling times")
        XCTAssertEqual(Set(named.map(\.last)).count, 3, "three views, three settling times")
    }
}
