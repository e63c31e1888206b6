import Foundation
import MediaTestSupport
import SpruceFilm
import SpruceRender
import SpruceVideo
import XCTest

/// What a failed film check leaves: the stills are SpruceFilm's own; the side-by-side animation is written only
/// when one is given (SpruceVideo's `.apng`), one expected | actual frame per sampled time.
final class FilmArtifactsTests: XCTestCase {
    func testTheStillsWithoutAnAnimationAndAnAPNGWithOne() throws {
        let scratch = try Scratch()
        let times = [0.0, 0.1, 0.2]
        let expected = try Filmstrip(film: try cornerFilm(fps: 25), times: times)
        let actual = try Filmstrip(film: try cornerFilm(delay: 0.06, fps: 25), times: times)

        let stills = try FilmArtifacts.write(expected: expected.bitmap, actual: actual, name: "a", to: scratch.path("stills"))
        XCTAssertEqual(stills.map(\.lastPathComponent), ["a.expected.png", "a.actual.png", "a.difference.png"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("stills").path).sorted(),
                       ["a.actual.png", "a.difference.png", "a.expected.png"])

        let animated = try FilmArtifacts.write(expected: expected.bitmap, actual: actual, name: "a", to: scratch.path("animated"),
                                               animation: .apng)
        XCTAssertEqual(animated.map(\.lastPathComponent), ["a.expected.png", "a.actual.png", "a.difference.png", "a.side-by-side.apng"])
        let apng = try Media.probe(animated[3])
        XCTAssertEqual(apng.stream["codec_name"] as? String, "apng")
        let frames = try ImageProbe(animated[3])
        XCTAssertEqual(frames.frames, times.count)
        XCTAssertEqual(frames.width, actual.cells[0].width * 2 + 4)
    }
}
