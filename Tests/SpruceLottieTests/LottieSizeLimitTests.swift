import Foundation
import MediaTestSupport
import SpruceFilm
@testable import SpruceLottie
import SpruceScene
import XCTest

/// A Lottie file at the export's size limit (`LottieExport.maximumViewFrames`) is written, read back by the
/// exporter's own check, by the lottie-specs schema and by rlottie; one frame more is refused before the film is
/// read, and nothing is written. Two views (the canvas and a tile sliding right) over 1000 s at 1000 fps: the export
/// reads 2 million view frames however they are split, but few views keep the file small (1.5 KB), so the schema
/// check and rlottie take a fraction of a second (the schema check of a 1000-view file takes 50 s). The film at the
/// limit is exported by the program (`BuiltProducts.renderGif`; `make test` names the optimised build): about 8 CPU s
/// there, 45 in a debug build of the library.
final class LottieSizeLimitTests: XCTestCase {
    /// The scene of `seconds` at 1000 fps: the tile's middle slides from (16, 24) to (40, 24) in its first 0.25 s.
    private func scene(seconds: Double) -> String {
        #"{"canvas": {"width": 64, "height": 48}, "views": [{"id": "tile", "frame": [32, 16, 16, 16], "backgroundColor": "red"}], "#
            + #""choreography": {"animations": ["slide:right:24"], "animationDuration": 0.25}, "#
            + #""timeline": {"fps": 1000, "loop": "in-hold", "duration": \#(seconds)}}"#
    }

    private func film(sceneFile: URL) throws -> Film {
        let doc = try SceneParser.load(contentsOf: sceneFile)
        return try SceneFilm(document: doc, framesPerSecond: doc.timeline.fps ?? 25).film
    }

    func testAFilmAtTheLimitExportsAndIsReadBack() throws {
        let scratch = try Scratch()
        let sceneFile = scratch.path("limit-scene.json"), url = scratch.path("limit.json")
        try Data(scene(seconds: 1000).utf8).write(to: sceneFile)
        let film = try film(sceneFile: sceneFile)
        XCTAssertEqual(try film.viewCount() * film.frameCount, LottieExport.maximumViewFrames)
        _ = try Media.output(ofProgram: BuiltProducts.renderGif, ["--scene", sceneFile.path, "--out", url.path])
        let summary = try XCTUnwrap(LottieReadBack.summary(try Data(contentsOf: url)))
        XCTAssertEqual(summary.frames, Double(film.frameCount))
        try LottieTools.assertValid(url)
        // rlottie draws the first frame (the tile where it starts) and the last (where it ends).
        let drawn = try LottieTools.render(url, frames: [0, film.frameCount - 1], width: 64, height: 48, into: scratch.url)
        XCTAssertEqual(drawn[0].pixel(x: 16, y: 24).r, 255, "the tile at its start in frame 0")
        XCTAssertEqual(drawn[0].pixel(x: 16, y: 24).g, 0, "the tile at its start in frame 0")
        XCTAssertEqual(drawn[1].pixel(x: 40, y: 24).g, 0, "the tile at its end in the last frame")
        XCTAssertEqual(drawn[1].pixel(x: 16, y: 24).g, 255, "the start left empty in the last frame")
    }

    func testOneFrameOverTheLimitIsRefusedAndNothingIsWritten() throws {
        let scratch = try Scratch()
        let sceneFile = scratch.path("over-scene.json")
        try Data(scene(seconds: 1000.001).utf8).write(to: sceneFile)
        let film = try film(sceneFile: sceneFile)
        XCTAssertEqual(film.frameCount, 1_000_001)
        XCTAssertThrowsError(try film.write(to: scratch.path("over.json"), as: .lottie())) { error in
            XCTAssertEqual(error as? LottieExportSizeError, LottieExportSizeError(views: 2, frames: 1_000_001))
        }
        XCTAssertEqual(scratch.contents, ["over-scene.json"])
    }
}
