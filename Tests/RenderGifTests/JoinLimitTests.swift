import Foundation
import MediaTestSupport
import SpruceScene
import XCTest

/// Parts of the longest film the limits allow (`SceneLimits.maximumFilmSeconds`, 3600 s) joined by `render-gif join`:
/// at the lowest frame rate (0.1 fps, a GIF delay of 1000 cs) it is 360 frames of a small canvas, cheap to draw.
/// The joined MP4 and GIF hold every frame and last the whole hour.
final class JoinLimitTests: XCTestCase {
    private let scene = #"{"canvas": {"width": 32, "height": 16}, "views": [{"id": "tile", "frame": [0, 0, 8, 8], "backgroundColor": "red"}], "#
        + #""choreography": {"target": "tile", "animations": ["fade-in"], "animationDuration": 10}, "#
        + #""timeline": {"fps": 0.1, "loop": "in-hold", "duration": 3600}}"#

    func testPartsOfTheLongestFilmJoinIntoTheWholeHour() throws {
        let seconds = SceneLimits.maximumFilmSeconds
        let frames = try XCTUnwrap(SceneLimits.frameCount(seconds: seconds, framesPerSecond: SceneLimits.framesPerSecond.lowerBound))
        let scratch = try Scratch()
        let file = scratch.path("hour.json")
        try Data(scene.utf8).write(to: file)
        for ext in ["mp4", "gif"] {
            let parts = try (1...3).map { i -> String in
                let part = scratch.path("part-\(i).\(ext)").path
                try run(["--scene", file.path, "--segment", "\(i)/3", "--out", part, "--quiet", "--threads", "2"])
                return part
            }
            let joined = scratch.path("joined.\(ext)")
            try run(["join"] + parts + ["--out", joined.path])
            let probe = try Media.probe(joined)
            XCTAssertEqual(probe.stream["nb_read_frames"] as? String, "\(frames)", ext)
            let duration = try XCTUnwrap(Double(probe.format["duration"] as? String ?? ""), ext)
            XCTAssertEqual(duration, seconds, accuracy: 0.01, ext)
        }
    }

    private func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try CLI.run(arguments)
        XCTAssertEqual(result.status, 0, "render-gif \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
    }
}
