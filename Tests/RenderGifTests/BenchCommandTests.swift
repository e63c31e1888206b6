import XCTest

/// `make bench` ends with the engine's figures; their scenes are built through the same scene limits as a user's
/// file, so a tighter limit can break the benchmark without any test of the renderer noticing (the clock's
/// 100 × 100 grid stopped at "the scene has 10001 views" once the limit of 10,000 views counted the grid itself).
final class BenchCommandTests: XCTestCase {
    func testTheEngineClockSceneIsWithinTheSceneLimits() throws {
        let bench = CLI.productsDirectory.appendingPathComponent("spruce-bench")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: bench.path), "spruce-bench is not built")
        let process = Process()
        process.executableURL = bench
        process.arguments = ["case", "engine", "clock", "1"]
        process.currentDirectoryURL = CLI.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        // Every tile of the largest grid a scene may hold is animating on the measured frame.
        XCTAssertTrue(stdout.hasPrefix("views=9900 advanceMs="), stdout)
    }
}
