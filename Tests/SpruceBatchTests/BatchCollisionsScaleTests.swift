import Foundation
import SpruceBatch
import XCTest

/// A batch's files are checked against each other through an index of the claims (`BatchClaims`), not a pass over
/// all of them: across a batch of many items it must still find each collision, with the earliest claim it
/// collides with, however far apart the two items are and whichever way they name the file.
final class BatchCollisionsScaleTests: XCTestCase {
    func testCollisionsAcrossALargeBatchNameTheEarliestClaim() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-scale-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for sub in ["s", "o", "o/frames3"] { try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        let count = 1200
        for i in 0..<count {
            _ = FileManager.default.createFile(atPath: "\(folder)/s/\(i).json", contents: Data())
            _ = FileManager.default.createFile(atPath: "\(folder)/o/\(i).gif", contents: Data())
        }
        // Another name for item 0's out (a hard link) and for item 5's scene (a symbolic link).
        XCTAssertEqual(link("\(folder)/o/0.gif", "\(folder)/o/zero.gif"), 0)
        XCTAssertEqual(symlink("\(folder)/s/5.json", "\(folder)/o/five.json"), 0)
        var outs = (0..<count).map { "\(folder)/o/\($0).gif" }
        outs[3] = "\(folder)/o/frames3"                 // a folder of frames
        outs[700] = "\(folder)/o/frames3/frame_1.png"   // inside it
        outs[900] = "\(folder)/o/../o/0.gif"            // item 0's out, another spelling
        outs[1000] = "\(folder)/o/zero.gif"             // item 0's out, by its inode
        outs[1100] = "\(folder)/o/five.json"            // item 5's scene, through the link
        outs[1199] = "\(folder)/o/1.gif"                // item 1's out, the last item
        var runs = try plans(outs, in: folder)
        BatchCollisions.check(&runs, own: [(path: folder + "/m.yaml", what: "the manifest")])
        let failed = runs.indices.filter { runs[$0].problem != nil }
        XCTAssertEqual(failed, [700, 900, 1000, 1100, 1199])
        XCTAssertTrue(runs[700].problem!.message.contains("and a file of items[3] are one inside the other"), runs[700].problem!.message)
        XCTAssertTrue(runs[900].problem!.message.contains("items[0] writes"), runs[900].problem!.message)
        XCTAssertTrue(runs[1000].problem!.message.contains("items[0] writes"), runs[1000].problem!.message)
        XCTAssertTrue(runs[1100].problem!.message.contains("is read by items[5]"), runs[1100].problem!.message)
        XCTAssertTrue(runs[1199].problem!.message.contains("items[1] writes"), runs[1199].problem!.message)
    }

    /// Plans of items that each read their own scene and write `outs[i]`, made without planning a film: an item with
    /// a manifest problem is not planned, and its problem and files are then set as a planned item's would be.
    private func plans(_ outs: [String], in folder: String) throws -> [BatchItemPlan] {
        let text = "items:\n" + outs.indices.map { "  - {scene: '\(folder)/s/\($0).json', out: '\(outs[$0])', unplanned: 1}\n" }.joined()
        return try BatchManifest(Data(text.utf8), yaml: true).items.map { item in
            var plan = BatchItemPlan(item, version: "test", read: BatchPlanTests.read, describe: { BatchItemProblem("\($0)", status: BatchRunner.usage) })
            plan.problem = nil
            (plan.reads, plan.writes) = ([item.scene], [(label: "out", path: item.out)])
            return plan
        }
    }
}
