import Foundation
import SpruceBatch
import XCTest

/// The shard and the worker count as text and numbers read them: checked before they become integers.
final class BatchRunSettingsTests: XCTestCase {
    private func read(shard: String?, workers: Double?) throws -> BatchRun {
        var run = BatchRun(manifest: URL(fileURLWithPath: "/nonexistent/reel.yaml"), version: "test")
        try run.read(shard: shard, workers: workers)
        return run
    }

    func testAShardAndWorkersInRangeAreTaken() throws {
        let run = try read(shard: "3/4", workers: 2)
        XCTAssertEqual([run.shard, run.shards, run.workers], [3, 4, 2])
        let whole = try read(shard: nil, workers: nil)
        XCTAssertEqual([whole.shard, whole.shards, whole.workers], [1, 1, 1])
    }

    func testEachProblemIsNamed() {
        let cases: [(String?, Double?, BatchRun.SettingProblem)] = [
            ("3", nil, .shardNotAPair("3")), ("a/b", nil, .shardNotAPair("a/b")), ("99999999999999999999/2", nil, .shardNotAPair("99999999999999999999/2")),
            ("0/4", nil, .shardIndex("0/4")), ("5/4", nil, .shardIndex("5/4")), ("1/0", nil, .shardIndex("1/0")),
            (nil, 0, .workers(0)), (nil, 65, .workers(65)), (nil, 1.5, .workers(1.5)), (nil, .infinity, .workers(.infinity)),
        ]
        for (shard, workers, problem) in cases {
            XCTAssertThrowsError(try read(shard: shard, workers: workers), "\(String(describing: shard)) \(String(describing: workers))") {
                XCTAssertEqual($0 as? BatchRun.SettingProblem, problem)
            }
        }
        XCTAssertThrowsError(try read(shard: nil, workers: .nan)) {
            guard case .workers(let n)? = $0 as? BatchRun.SettingProblem else { return XCTFail("\($0)") }
            XCTAssertTrue(n.isNaN)
        }
    }
}
