import Foundation
import MediaTestSupport
import XCTest

/// A batch keeps its up-to-date records in one folder beside the manifest (`.spruce-batch/`), one per output, named
/// by the output's path: nothing is written beside the outputs, and an output name of any length is recorded (a
/// stamp beside it needed 13 bytes of the name).
final class BatchRecordsTests: XCTestCase {
    func testTheLongestOutNameIsRecordedBesideTheManifestAndThenSkipped() throws {
        let scratch = try Scratch()
        let name = String(repeating: "a", count: 255 - ".png".utf8.count) + ".png"
        let manifest = scratch.path("batch.yaml")
        try "items:\n  - {scene: minimal, out: out/\(name), size: 60x60, hold: 0}\n".write(to: manifest, atomically: true, encoding: .utf8)
        let first = try CLI.run(["batch", manifest.path])
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out").path), [name], "nothing beside the output")
        let records = try FileManager.default.contentsOfDirectory(atPath: scratch.path(".spruce-batch").path)
        XCTAssertEqual(records.count, 1, "\(records)")
        XCTAssertTrue(records[0].range(of: "^[0-9a-f]{64}\\.stamp$", options: .regularExpression) != nil, records[0])
        let second = try CLI.run(["batch", manifest.path])
        XCTAssertEqual(second.status, 0, second.stdout + second.stderr)
        XCTAssertTrue(second.stdout.contains("0 rendered, 1 skipped, 0 failed"), second.stdout)
        // The same output spelt another way has the same record (rewritten: the path is one of the stamp's inputs).
        try "items:\n  - {scene: minimal, out: out/../out/\(name), size: 60x60, hold: 0}\n".write(to: manifest, atomically: true, encoding: .utf8)
        let third = try CLI.run(["batch", manifest.path])
        XCTAssertTrue(third.stdout.contains("1 rendered, 0 skipped, 0 failed"), third.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path(".spruce-batch").path), records)
    }
}
