import Foundation
import SpruceJobs
import SpruceScene
import SpruceVideo
import XCTest

/// What a comparison writes: an .mp4, a .gif at a rate GIF delays can play, or a .png of the frame where the films
/// differ most, each refused in the comparison's words before any work.
final class ComparisonOutputTests: XCTestCase {
    private func comparison(fps: Double) throws -> SceneComparison {
        let scene = try SceneParser.parse(Data("""
            {"canvas": {"width": 40, "height": 40}, "views": [{"id": "v", "frame": [10, 10, 20, 20], "backgroundColor": "#000"}],
             "choreography": {"animations": ["fade-in"], "animationDuration": 0.2}, "timeline": {"fps": \(fps)}}
            """.utf8))
        let side = try SceneComparison.Side(recipe: FilmRecipe(scene: scene), scene: "s", settings: nil)
        return try SceneComparison(a: side, b: side, difference: false)
    }

    func testOnlyMP4GIFAndPNGNamesAreComparisonOutputs() throws {
        XCTAssertEqual(try ComparisonOutput(path: "ab.mp4").format, .mp4)
        XCTAssertEqual(try ComparisonOutput(path: "ab.gif").format, .gif)
        XCTAssertEqual(try ComparisonOutput(path: "worst.png").format, .png(frame: 0))
        for path in ["ab.webm", "ab.txt", "frames/", "ab"] {
            XCTAssertThrowsError(try ComparisonOutput(path: path)) { e in
                XCTAssertEqual(e as? ComparisonOutput.Problem, .notAComparisonFormat(path: path))
            }
        }
    }

    /// GIF delays are whole centiseconds: 25 fps plays, 30 does not; an MP4 takes either.
    func testAGIFNeedsARateOfWholeCentiseconds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("comparison-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let gif = try ComparisonOutput(path: folder.appendingPathComponent("ab.gif").path)
        XCTAssertNoThrow(try gif.check(comparison(fps: 25), label: "out"))
        XCTAssertThrowsError(try gif.check(comparison(fps: 30), label: "out")) { e in
            XCTAssertEqual(e as? ComparisonOutput.Problem, .gifFrameRate(30))
        }
        XCTAssertNoThrow(try ComparisonOutput(path: folder.appendingPathComponent("ab.mp4").path).check(comparison(fps: 30), label: "out"))
    }
}
