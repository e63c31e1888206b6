import Foundation
import SpruceBatch
import SpruceJobs
import SpruceScene
import XCTest

/// Items planned as render jobs with a reader of the library's own (no command line): the frame count, the files
/// written and read, the problems and their statuses, and the collisions between items.
final class BatchPlanTests: XCTestCase {
    /// Reads `--scene S --out O [--fps N] [--timing T] [--print-swift yes]` (also `--fps=N`), the only words these
    /// tests use.
    static func read(_ arguments: [String]) throws -> BatchItemRequest {
        var words = arguments.flatMap { $0.split(separator: "=", maxSplits: 1).map(String.init) }[...]
        var (scene, out, overrides, outputs) = ("", String?.none, FilmOverrides(), RenderOutputs())
        while let flag = words.popFirst() {
            guard let value = words.popFirst() else { throw BatchItemProblem("no value for \(flag)", status: BatchRunner.usage) }
            switch flag {
            case "--scene": scene = value
            case "--out": out = value
            case "--fps": overrides.fps = Double(value)
            case "--timing": outputs.timing = value
            case "--print-swift": outputs.printSwift = value == "yes"
            default: throw BatchItemProblem("unknown \(flag)", status: BatchRunner.usage)
            }
        }
        (outputs.film, outputs.format) = (out, out.map { $0.hasSuffix(".gif") ? .gif : .mp4 })
        outputs.labels[.film] = "out"
        outputs.labels[.timing] = "timing"
        // A `.json` scene is a file, which these tests never load: an item naming one has a scene that cannot be read.
        let sceneFile = scene.hasSuffix(".json") ? URL(fileURLWithPath: scene) : nil
        return BatchItemRequest(scene: scene, sceneFile: sceneFile, out: out, overrides: overrides, outputs: outputs,
                                recipe: {
                                    guard let builtIn = BuiltInScenes.named(scene) else { throw BatchItemProblem("no scene \(scene)", status: BatchRunner.noInput) }
                                    return (FilmRecipe(scene: try builtIn.document(), overrides: overrides, sceneName: scene), nil)
                                },
                                filmProblem: { error, _ in ("film: \(error)", BatchRunner.usage) })
    }

    private func plan(_ yaml: String) throws -> [BatchItemPlan] {
        try BatchManifest(Data(yaml.utf8), yaml: true).items.map {
            BatchItemPlan($0, version: "test", read: Self.read, describe: { BatchItemProblem("\($0)", status: BatchRunner.usage) })
        }
    }

    func testAnItemIsPlannedWithItsFramesFilesAndStamp() throws {
        let runs = try plan("items:\n  - {scene: grid, out: a.gif, fps: 25, flags: [--timing, t.json]}\n")
        XCTAssertNil(runs[0].problem)
        XCTAssertEqual(runs[0].arguments, ["--scene", "grid", "--out", "a.gif", "--fps=25", "--timing", "t.json"])
        XCTAssertEqual(runs[0].writes.map(\.label), ["out", "timing"])
        XCTAssertEqual(runs[0].writes.map(\.path), ["a.gif", "t.json"])
        XCTAssertEqual(runs[0].reads, [], "a built-in scene reads no file")
        XCTAssertGreaterThan(runs[0].frames, 10)
        XCTAssertNotNil(runs[0].stamp)
    }

    func testAFieldGivenTwiceAndAReaderProblemAreTheItemsProblems() throws {
        let runs = try plan("""
            items:
              - {scene: grid, out: a.gif, fps: 25, flags: [--fps, "50"]}
              - {scene: grid, out: b.gif, flags: [--speed, "2"]}
              - {scene: nowhere, out: c.gif}
            """)
        XCTAssertEqual(runs[0].problem, BatchItemProblem("`fps` is given both as a field and in its flags; give it once", status: BatchRunner.dataError))
        XCTAssertEqual(runs[1].problem, BatchItemProblem("unknown --speed", status: BatchRunner.usage))
        XCTAssertEqual(runs[2].problem, BatchItemProblem("no scene nowhere", status: BatchRunner.noInput))
        XCTAssertEqual(runs[2].job.problem?.status, BatchRunner.noInput)
    }

    /// An item's standard output goes nowhere, so one that asks for the Swift code fails instead of losing it.
    func testAnItemThatPrintsSwiftFails() throws {
        let runs = try plan("items:\n  - {scene: grid, out: a.gif, flags: [--print-swift, 'yes']}\n")
        XCTAssertEqual(runs[0].problem, BatchItemProblem("--print-swift prints to standard output, which a batch item does not have; "
                                                         + "run `render-gif --print-swift` on its own", status: BatchRunner.usage))
    }

    func testTheLaterOfTwoItemsWritingOneFileFails() throws {
        var runs = try plan("""
            items:
              - {scene: grid, out: a.gif}
              - {scene: grid, out: a.gif}
              - {scene: grid, out: b.gif, flags: [--timing, m.yaml]}
            """)
        BatchCollisions.check(&runs, own: [(path: "m.yaml", what: "the manifest")])
        XCTAssertNil(runs[0].problem)
        XCTAssertEqual(runs[1].problem, BatchItemProblem("items[0] writes 'a.gif' too; give each item its own out", status: BatchRunner.cannotCreate))
        XCTAssertEqual(runs[2].problem, BatchItemProblem("its timing 'm.yaml' is the manifest of this batch; give it another name", status: BatchRunner.cannotCreate))
    }

    /// An item whose out is another item's scene file is refused in either order, whether that file exists yet or not:
    /// an item reads the scene it names even when the scene cannot be loaded.
    func testAnItemCannotWriteTheSceneFileAnotherItemNamesBeforeItExists() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)/o/b.json").path
        XCTAssertFalse(FileManager.default.fileExists(atPath: scene))
        let refused = { (other: Int) in
            BatchItemProblem("its out '\(scene)' is read by items[\(other)] (its scene or an image); give it another name", status: BatchRunner.cannotCreate)
        }
        var writerFirst = try plan("items:\n  - {scene: grid, out: '\(scene)'}\n  - {scene: '\(scene)', out: c.gif}\n")
        BatchCollisions.check(&writerFirst, own: [])
        XCTAssertEqual(writerFirst[0].problem, refused(1))
        XCTAssertEqual(writerFirst[1].problem, BatchItemProblem("no scene \(scene)", status: BatchRunner.noInput))
        var readerFirst = try plan("items:\n  - {scene: '\(scene)', out: c.gif}\n  - {scene: grid, out: '\(scene)'}\n")
        BatchCollisions.check(&readerFirst, own: [])
        XCTAssertEqual(readerFirst[0].problem, BatchItemProblem("no scene \(scene)", status: BatchRunner.noInput))
        XCTAssertEqual(readerFirst[1].problem, refused(0))
    }

    /// Two spellings of one output that does not exist yet are one output, as the file system resolves them when
    /// the items write: a link to the missing file another item writes, and `..` after a link to a folder.
    func testTwoItemsWritingOneFileThroughLinksBeforeItExistsCollide() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/o", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/deep/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/fl.gif", withDestinationPath: "o/a.gif")
        try FileManager.default.createSymbolicLink(atPath: folder + "/lnk", withDestinationPath: "deep/sub")
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop.gif", withDestinationPath: "loop.gif")
        var runs = try plan("""
            items:
              - {scene: grid, out: '\(folder)/o/a.gif'}
              - {scene: grid, out: '\(folder)/fl.gif'}
              - {scene: grid, out: '\(folder)/deep/x.gif'}
              - {scene: grid, out: '\(folder)/lnk/../x.gif'}
              - {scene: grid, out: '\(folder)/loop.gif'}
            """)
        BatchCollisions.check(&runs, own: [])
        XCTAssertNil(runs[0].problem)
        XCTAssertEqual(runs[1].problem, BatchItemProblem("its out '\(folder)/fl.gif' is the file items[0] writes as '\(folder)/o/a.gif'; give each item its own out",
                                                         status: BatchRunner.cannotCreate))
        XCTAssertNil(runs[2].problem)
        XCTAssertEqual(runs[3].problem, BatchItemProblem("its out '\(folder)/lnk/../x.gif' is the file items[2] writes as '\(folder)/deep/x.gif'; give each item its own out",
                                                         status: BatchRunner.cannotCreate))
        XCTAssertNil(runs[4].problem, "a link loop is the render's to refuse")
    }

    func testAManifestThatCannotBeReadIsAManifestErrorWithItsPlace() {
        let cases: [(String, ManifestError)] = [
            ("- a\n", ManifestError("", "a manifest is a mapping with an `items` list")),
            ("items: 3\n", ManifestError("items", "must be a list of {scene, out, flags}")),
            ("items: []\nextra: 1\n", ManifestError("extra", "unknown key; a manifest has only `items`")),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try BatchManifest(Data(text.utf8), yaml: true)) { XCTAssertEqual($0 as? ManifestError, expected, text) }
        }
        XCTAssertThrowsError(try BatchManifest(Data([0xff, 0xfe]), yaml: true)) { error in
            XCTAssertEqual((error as? ManifestError)?.description, "not UTF-8 text")
        }
    }
}
