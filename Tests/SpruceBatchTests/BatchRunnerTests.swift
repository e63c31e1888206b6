import Foundation
import SpruceBatch
import XCTest

/// The runner with a render that writes real files: records are written after a success only, an up-to-date item
/// is skipped, a failure keeps the last good record, and a planning problem fails the item without running it.
final class BatchRunnerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func job(_ index: Int, flags: [String], problem: (String, Int32)? = nil) -> BatchRunner.Job {
        let out = folder.appendingPathComponent("out\(index).gif").path
        return BatchRunner.Job(entry: BatchReport.Entry(index: index, scene: "grid", out: out, status: .failed, frames: 10, seconds: 0),
                               stamp: RenderStamp(version: "1", scene: "grid", sceneBytes: nil, out: out, flags: flags), problem: problem)
    }

    private func run(_ jobs: [BatchRunner.Job], status: Int32 = 0, force: Bool = false) -> ([BatchReport.Entry], [Int]) {
        var runner = BatchRunner(records: folder.appendingPathComponent(".spruce-batch"))
        (runner.force, runner.workers) = (force, 2)
        let lock = NSLock()
        var rendered: [Int] = []
        let entries = runner.run(jobs, isCancelled: { false }, render: { i in
            lock.lock(); rendered.append(i); lock.unlock()
            if status == 0 { FileManager.default.createFile(atPath: jobs[i].entry.out, contents: Data("GIF".utf8)) }
            return (status, status == 0 ? nil : "it failed")
        }, finished: { _ in })
        return (entries, rendered.sorted())
    }

    func testRecordsSkipAndFailure() {
        let jobs = [job(0, flags: ["--sort", "radial"]), job(1, flags: [])]
        var (entries, rendered) = run(jobs)
        XCTAssertEqual(entries.map(\.status), [.rendered, .rendered])
        XCTAssertEqual(rendered, [0, 1])

        (entries, rendered) = run(jobs)
        XCTAssertEqual(entries.map(\.status), [.skipped, .skipped], "outputs and records match")
        XCTAssertEqual(rendered, [])

        // Other flags: out of date; a failed render leaves the item failed and its old record in place.
        let changed = [job(0, flags: ["--sort", "linear"]), jobs[1]]
        (entries, rendered) = run(changed, status: 70)
        XCTAssertEqual(entries.map(\.status), [.failed, .skipped])
        XCTAssertEqual(entries[0].exitStatus, 70)
        XCTAssertEqual(entries[0].message, "it failed")
        (entries, _) = run(jobs)
        XCTAssertEqual(entries[0].status, .skipped, "the record of the last good render is still there")

        (entries, rendered) = run(jobs, force: true)
        XCTAssertEqual(rendered, [0, 1], "force renders up-to-date items too")
    }

    /// A failed render gets the item's record back only while its output is the one the record vouched for: an
    /// output replaced (another file renamed over it) or written in place before the failure renders again.
    func testAFailedRenderThatChangedItsOutputLosesItsRecord() throws {
        let jobs = [job(0, flags: []), job(1, flags: []), job(2, flags: [])]
        XCTAssertEqual(run(jobs).0.map(\.status), [.rendered, .rendered, .rendered])
        var runner = BatchRunner(records: folder.appendingPathComponent(".spruce-batch"))
        (runner.force, runner.workers) = (true, 1)
        let entries = runner.run(jobs, isCancelled: { false }, render: { i in
            let out = jobs[i].entry.out
            if i == 1 {
                FileManager.default.createFile(atPath: out + ".new", contents: Data("GIF".utf8))
                rename(out + ".new", out)
            } else if i == 2 {
                usleep(10_000)
                let handle = FileHandle(forWritingAtPath: out)
                handle?.write(Data("GIF89a".utf8))
                try? handle?.close()
            }
            return (70, "it failed")
        }, finished: { _ in })
        XCTAssertEqual(entries.map(\.status), [.failed, .failed, .failed])
        let (again, rendered) = run(jobs)
        XCTAssertEqual(again.map(\.status), [.skipped, .rendered, .rendered])
        XCTAssertEqual(rendered, [1, 2], "the outputs that changed are rendered again")
    }

    func testAProblemFoundWhilePlanningFailsTheItemWithoutRunningIt() {
        let (entries, rendered) = run([job(0, flags: [], problem: ("--delay: must be 0…10", 64))])
        XCTAssertEqual(rendered, [])
        XCTAssertEqual(entries[0].status, .failed)
        XCTAssertEqual(entries[0].message, "--delay: must be 0…10")
        XCTAssertEqual(entries[0].exitStatus, 64)
    }
}
