import Foundation
import MediaTestSupport
import XCTest

/// Every animated image format read back by Pillow (`ImageProbe`), a decoder of its own beside ffmpeg's and
/// libwebp's: the frame count, canvas size, each frame's delay and the loop count are what the program meant to
/// write. The other readers: ffprobe/ffmpeg for MP4, WebM, GIF, APNG and PNG (OutputTests, AnimatedImageTests),
/// webpmux for WebP (AnimatedImageTests), rlottie and the lottie-specs schema for Lottie (SpruceLottieTests).
final class IndependentReaderTests: XCTestCase {
    let small = ["--scale", "0.25", "--hold", "0.1", "--plays", "3", "--quiet"]

    /// The film's frames at 25 fps as the renderer draws them, and the runs of identical frames among them.
    func expected() throws -> (count: Int, runs: [Int]) {
        let frames = try Reference(scale: 0.25, fps: 25, hold: 0.1).frames()
        var runs: [Int] = []
        for (i, frame) in frames.enumerated() {
            if i > 0, frame == frames[i - 1] { runs[runs.count - 1] += 1 } else { runs.append(1) }
        }
        return (frames.count, runs)
    }

    func render(_ name: String, _ flags: [String] = []) throws -> (ImageProbe, Scratch) {
        let scratch = try Scratch()
        let out = scratch.path(name)
        let result = try CLI.run(["--sort", "cornered", "--out", out.path] + flags + small)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (try ImageProbe(out), scratch)
    }

    func testPillowReadsEveryAPNGFrameWithItsDelay() throws {
        let (probe, _) = try render("grid.apng")
        let count = try expected().count
        XCTAssertEqual(probe.summary, ImageProbe.expected(format: "PNG", side: 116, durations: Array(repeating: 40, count: count), loop: 3))
    }

    /// libwebp stores a run of identical frames once, its delays added up: one stored frame per run, 40 ms a frame.
    func testPillowReadsEveryWebPFrameWithItsDelay() throws {
        let (probe, _) = try render("grid.webp")
        let runs = try expected().runs
        XCTAssertEqual(probe.summary, ImageProbe.expected(format: "WEBP", side: 116, durations: runs.map { Double($0 * 40) }, loop: 3))
    }

    func testPillowReadsEveryGIFFrameWithItsDelay() throws {
        let (probe, _) = try render("grid.gif")
        let count = try expected().count
        // A GIF plays N times as a loop count of N − 1 (NETSCAPE2.0 counts repeats).
        XCTAssertEqual(probe.summary, ImageProbe.expected(format: "GIF", side: 116, durations: Array(repeating: 40, count: count), loop: 2))
    }
}

extension ImageProbe {
    /// What was found, in words that show every difference at once.
    var summary: [String: String] {
        ["format": format, "size": "\(width)×\(height)", "frames": "\(frames)", "durations": "\(durations.map { $0 ?? -1 })",
         "loop": loop.map(String.init) ?? "none"]
    }

    static func expected(format: String, side: Int, durations: [Double], loop: Int?) -> [String: String] {
        ["format": format, "size": "\(side)×\(side)", "frames": "\(durations.count)", "durations": "\(durations)",
         "loop": loop.map(String.init) ?? "none"]
    }
}
