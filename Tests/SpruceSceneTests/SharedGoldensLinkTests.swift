import Foundation
import SpruceRender
import SpruceScene
import XCTest

/// Two scenes of one name whose goldens folders are links to one folder would write the same golden files: they are
/// refused before any scene is played, as two scenes given one `--goldens` are.
final class SharedGoldensLinkTests: XCTestCase {
    func testGoldensFoldersLinkedToOneFolderAreShared() throws {
        let root = URL(fileURLWithPath: OutputPlan.realPath(FileManager.default.temporaryDirectory.path))
            .appendingPathComponent("shared-goldens-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        for folder in ["onboarding", "settings", "shared"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let scenes = ["onboarding", "settings"].map { root.appendingPathComponent("\($0)/intro.json") }
        for scene in scenes {
            try Data("{}".utf8).write(to: scene)
            try FileManager.default.createSymbolicLink(atPath: scene.deletingLastPathComponent().appendingPathComponent("goldens").path,
                                                       withDestinationPath: "../shared")
        }
        let beside = { (scene: URL) in scene.deletingLastPathComponent().appendingPathComponent("goldens") }
        XCTAssertThrowsError(try SceneGoldenSuite.lineNames(scenes, goldensFolder: beside, uniqueNames: false)) { error in
            XCTAssertEqual(error as? SceneGoldenSuiteProblem,
                           .sharedGoldens(root.appendingPathComponent("shared/intro").path, scenes[0].path, scenes[1].path))
        }
        try FileManager.default.removeItem(at: root.appendingPathComponent("settings/goldens"))
        XCTAssertEqual(try SceneGoldenSuite.lineNames(scenes, goldensFolder: beside, uniqueNames: false).count, 2,
                       "a folder of its own beside each: not shared")
    }
}
