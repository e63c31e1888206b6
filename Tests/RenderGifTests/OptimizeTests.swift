import Foundation
import MediaTestSupport
import XCTest

/// `--optimize`: gifsicle makes the GIF smaller and changes no frame's pixels and no delay.
final class OptimizeTests: XCTestCase {
    let small = ["--scale", "0.5", "--hold", "0.1", "--quiet"]

    func testOptimizedGIFDecodesToTheSameFramesAndDelays() throws {
        let scratch = try Scratch()
        let plain = scratch.path("plain.gif"), optimized = scratch.path("optimized.gif")
        XCTAssertEqual(try CLI.run(["--out", plain.path] + small).status, 0)
        let result = try CLI.run(["--out", optimized.path, "--optimize"] + small)
        XCTAssertEqual(result.status, 0, result.stderr)

        let sizes = try [plain, optimized].map { try FileManager.default.attributesOfItem(atPath: $0.path)[.size] as! Int }
        XCTAssertLessThan(sizes[1], sizes[0], "gifsicle -O3 saves bytes on the grid")
        XCTAssertNotEqual(try Data(contentsOf: plain), try Data(contentsOf: optimized), "the file was rewritten")

        let a = try Media.decode(plain, width: 232, height: 232), b = try Media.decode(optimized, width: 232, height: 232)
        XCTAssertEqual(a.count, b.count)
        XCTAssertTrue(a == b, "every frame decodes to the same pixels")
        let ta = try GIFTiming(contentsOf: plain), tb = try GIFTiming(contentsOf: optimized)
        XCTAssertEqual(ta.delays, tb.delays)
        XCTAssertEqual(ta.loop, tb.loop)
        XCTAssertEqual(scratch.contents, ["optimized.gif", "plain.gif"], "no temporary left")
    }

    /// A SIGINT or SIGTERM sent to render-gif alone (kill, timeout, a supervisor, a batch) while gifsicle runs stops
    /// gifsicle as it stops ffmpeg: no GIF is renamed into place, nothing is written, and the exit is 128 + N. (A gifsicle that takes its time is
    /// the fault injected: a real one on a test-sized GIF is done before a signal can reach it.)
    func testASignalStopsGifsicle() throws {
        let scratch = try Scratch()
        let bin = scratch.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("gifsicle")
        try "#!/bin/sh\ntouch \"\(scratch.path("started").path)\"\nexec sleep 60\n".write(to: fake, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(fake.path, 0o755), 0)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let out = scratch.path("o.gif")
        let running = try CLI.start(["--out", out.path, "--optimize"] + small, environment: ["PATH": path])
        var waited = 0
        while !FileManager.default.fileExists(atPath: scratch.path("started").path), running.process.isRunning, waited < 6000 {
            usleep(10_000); waited += 1
        }
        kill(running.process.processIdentifier, SIGTERM)
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertEqual(result.status, 143, result.stderr)
        XCTAssertEqual(result.stderrLines, ["render-gif: error: terminated; nothing was written"])
        XCTAssertEqual(scratch.contents, ["bin", "started"], "no GIF, no temporary")
        XCTAssertEqual(BadInputRunner.processes(mentioning: scratch.url.path), [], "gifsicle stopped")
    }

    func testOptimizeIsRefusedBeforeRendering() throws {
        let scratch = try Scratch()
        var result = try CLI.run(["--out", scratch.path("a.mp4").path, "--optimize"] + small)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--optimize has no effect on mp4 output"), result.stderr)
        // A PATH with ffmpeg but no gifsicle.
        let bin = scratch.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("ffmpeg").path, withDestinationPath: Media.tool("ffmpeg"))
        result = try CLI.run(["--out", scratch.path("a.gif").path, "--optimize"] + small, environment: ["PATH": bin.path])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("--optimize needs gifsicle"), result.stderr)
        XCTAssertEqual(scratch.contents, ["bin"], "nothing written")
    }
}
