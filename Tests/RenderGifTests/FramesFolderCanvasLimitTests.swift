import Foundation
import MediaTestSupport
import SpruceScene
import XCTest

/// A folder of frames at the largest canvas the program draws (`SceneLimits.maximumPixelsPerSide` wide,
/// `SceneLimits.maximumPixels` in all: 16384×4096) is read back by `render-gif stitch` into an MP4 of that size.
/// Two frames and x264's fastest preset keep it short (a GIF of the same folder stitches too, but its palette over
/// 64 M pixels a frame takes 15 s and 2 GB, too much for the suite).
final class FramesFolderCanvasLimitTests: XCTestCase {
    func testTheLargestCanvasStitchesIntoMP4() throws {
        let width = SceneLimits.maximumPixelsPerSide, height = SceneLimits.maximumPixels / width
        let scene = #"{"canvas": {"width": \#(width), "height": \#(height)}, "#
            + #""views": [{"id": "tile", "frame": [0, 0, 64, 64], "backgroundColor": "red"}], "#
            + #""choreography": {"target": "tile", "animations": ["fade-in"], "animationDuration": 1}, "#
            + #""timeline": {"fps": 2, "loop": "in-hold", "duration": 1}}"#
        let scratch = try Scratch()
        let file = scratch.path("wide.json")
        try Data(scene.utf8).write(to: file)
        let folder = scratch.path("frames").path + "/"
        try run(["--scene", file.path, "--out", folder, "--quiet", "--threads", "2"])
        let out = scratch.path("stitched.mp4")
        try run(["stitch", folder, "--fps", "2", "--out", out.path, "--quiet", "--preset", "ultrafast"])
        let probe = try Media.probe(out)
        XCTAssertEqual(probe.stream["width"] as? Int, width)
        XCTAssertEqual(probe.stream["height"] as? Int, height)
        XCTAssertEqual(probe.stream["nb_read_frames"] as? String, "2")
    }

    private func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try CLI.run(arguments)
        XCTAssertEqual(result.status, 0, "render-gif \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
    }
}
