import Foundation
import MediaTestSupport
import XCTest

/// `make bench` ends with the engine's figures; their scenes are built through the same scene limits as a user's
/// file, so a tighter limit can break the benchmark without any test of the renderer noticing (the clock's
/// 100 × 100 grid stopped at "the scene has 10001 views" once the limit of 10,000 views counted the grid itself).
final class BenchCommandTests: XCTestCase {
    func testTheEngineClockSceneIsWithinTheSceneLimits() throws {
        let bench = CLI.productsDirectory.appendingPathComponent("spruce-bench")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: bench.path), "spruce-bench is not built")
        let result = try CLI.run(["case", "engine", "clock", "1"], in: CLI.packageRoot, executable: bench)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Every tile of the largest grid a scene may hold is animating on the measured frame.
        XCTAssertTrue(result.stdout.hasPrefix("views=9900 advanceMs="), result.stdout)
    }

    /// A mistyped count stops the case instead of measuring a default the caller did not ask for.
    func testACountOutOfItsRangeIsRefused() throws {
        let bench = CLI.productsDirectory.appendingPathComponent("spruce-bench")
        for (given, shown) in [("0", "'0'"), ("1001", "'1001'"), ("thirty", "'thirty'")] {
            let result = try CLI.run(["case", "engine", "clock", given], in: CLI.packageRoot, executable: bench)
            XCTAssertNotEqual(result.status, 0, given)
            XCTAssertTrue(result.stderr.contains("frames: \(shown) is not a whole number 1…1000"), result.stderr)
            XCTAssertEqual(result.stdout, "", given)
        }
    }

    /// Both command lines check `--crf` before measuring anything (a bad one must not fall back to the default CRF of 20).
    /// The option after it is unknown, so that a build that accepted the CRF fails at once instead of benchmarking.
    func testABadCRFIsRefusedOnBothCommandLines() throws {
        let bench = CLI.productsDirectory.appendingPathComponent("spruce-bench")
        for arguments in [["--crf", "abc", "--bogus"], ["ratios", "--crf", "52", "--bogus"], ["ratios", "--crf", "-1", "--bogus"]] {
            let result = try CLI.run(arguments, in: CLI.packageRoot, executable: bench)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains("--crf: '\(arguments[arguments.count - 2])' is not a whole number 0…51"), result.stderr)
        }
    }

    /// An empty list of scenes or outputs is refused instead of printing an empty table and exiting 0.
    func testAnEmptyListIsRefused() throws {
        let bench = CLI.productsDirectory.appendingPathComponent("spruce-bench")
        for (arguments, option) in [(["--scenes", ""], "--scenes"), (["ratios", "--scenes", ","], "--scenes"),
                                    (["ratios", "--outputs", ""], "--outputs")] {
            let result = try CLI.run(arguments + ["--bogus"], in: CLI.packageRoot, executable: bench)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains("\(option) needs at least one item"), result.stderr)
        }
    }

    /// A mistyped scene is refused on both command lines before anything is measured or printed (not in the first
    /// measuring child, after the table's header).
    func testAnUnknownSceneIsRefusedBeforeMeasuring() throws {
        let bench = CLI.productsDirectory.appendingPathComponent("spruce-bench")
        for arguments in [["--scenes", "exmaple"], ["ratios", "--scenes", "exmaple:2"], ["ratios", "--scenes", "example:2,exmaple"]] {
            let result = try CLI.run(arguments, in: CLI.packageRoot, executable: bench)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("spruce-bench: unknown scene 'exmaple'; scenes: example,"), result.stderr)
            XCTAssertEqual(result.stdout, "", arguments.joined(separator: " "))
        }
    }

    /// Ctrl-C in the middle of `spruce-bench ratios`, while a measuring child renders the MP4: the children stop
    /// (they run in process groups of their own, so the terminal's signal reaches the bench only) and nothing is
    /// left in `$TMPDIR`, neither the bench's raw frames (2.4 GB at 4K) nor the child's temporary output.
    func testCtrlCStopsTheChildrenAndLeavesNoTemporaryFile() throws {
        let bench = CLI.productsDirectory.appendingPathComponent("spruce-bench")
        let temporary = try Scratch()
        let running = try CLI.start(["ratios", "--scenes", "example:3", "--outputs", "mp4"],
                                    environment: ["TMPDIR": temporary.url.path], executable: bench)
        // Wait (without a time assertion) until the first end-to-end run has reserved its temporary MP4 beside the
        // bench's folder of raw frames.
        var waited = 0
        while !temporary.contents.contains(where: { $0.hasPrefix(".spruce-bench-") }), running.process.isRunning, waited < 6000 {
            usleep(10_000); waited += 1
        }
        let pid = running.process.processIdentifier
        XCTAssertTrue(running.process.isRunning, "still measuring when interrupted")
        XCTAssertTrue(ErrorTests.catchesSIGINT(pid))
        XCTAssertTrue(temporary.contents.contains("spruce-bench-\(pid)"), "\(temporary.contents)")
        let descendants = Self.descendants(of: pid)
        XCTAssertFalse(descendants.isEmpty, "a child is measuring")
        kill(pid, SIGINT)
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(result.stderrLines, ["spruce-bench: interrupted; measuring stopped, temporary files removed"])
        XCTAssertEqual(temporary.contents, [], "nothing left in TMPDIR")
        for child in descendants {
            XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/\(child)"), "child \(child) still runs")
        }
    }

    /// Every process below `pid` now (its children, theirs, …), from /proc.
    static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After the command's name: state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[child] = parent }
        }
        var found: [Int32] = [], frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }
}
