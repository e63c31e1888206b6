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
