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

    /// Both command lines check `--crf` before measuring anything (a bad one used to leave the default CRF of 20).
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
}
