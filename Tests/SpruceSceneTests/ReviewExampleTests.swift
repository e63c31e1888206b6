import Foundation
import SpruceRender
import SpruceReview
@testable import SpruceScene
import XCTest

/// Every scene file the format documentation shows must load, build and play.
final class ReviewExampleTests: XCTestCase {
    static let examples = ["minimal.json", "cards.json", "profile.yaml", "dense-grid.json", "stagger.yaml"]

    func testEveryDocumentedExampleLoadsAndPlays() throws {
        let folder = repositoryFixtures.appendingPathComponent("scenes/examples")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(onDisk, Self.examples.sorted(), "the list here, the folder and docs/SceneFormat.md name the same files")
        let docs = try String(contentsOf: repositoryFixtures.deletingLastPathComponent().appendingPathComponent("docs/SceneFormat.md"), encoding: .utf8)
        for file in Self.examples {
            XCTAssertTrue(docs.contains("fixtures/scenes/examples/\(file)"), "docs/SceneFormat.md does not mention \(file)")
            let player = try examplePlayer("examples/\(file)")
            XCTAssertFalse(player.timings.isEmpty, file)
            XCTAssertEqual(ReviewTitle.sceneName(contentsOf: folder.appendingPathComponent(file)),
                           (file as NSString).deletingPathExtension, "each example names itself after its file")
            let last = try player.render(at: player.phases.inEnd)
            XCTAssertEqual(last.width, Int(player.document.canvas.width * player.document.canvas.scale), file)
        }
    }

    /// Writes the review outputs of every example to /tmp for looking at them (not an assertion).
    func testWriteReviewOutputsForInspection() throws {
        let out = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("spruce-review")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for file in Self.examples + ["../grid.json"] {
            let player = try examplePlayer("examples/\(file)")
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            try ContactSheet(player: player).render().writePNG(to: out.appendingPathComponent("\(name)-sheet.png").path)
            try TimingChart(player: player).render().writePNG(to: out.appendingPathComponent("\(name)-timing.png").path)
        }
    }
}
