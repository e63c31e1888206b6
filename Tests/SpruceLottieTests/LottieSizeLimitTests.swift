import Foundation
import MediaTestSupport
import Spruce
import SpruceFilm
@testable import SpruceLottie
import XCTest

/// A Lottie file at the export's size limit (`LottieExport.maximumViewFrames`) is written, read back by the
/// exporter's own check, by the lottie-specs schema and by rlottie; one frame more is refused before the film is
/// read, and nothing is written. Two views (the root and a tile) over 1000 s at 1000 fps: the export reads 2 million
/// view frames however they are split (about 45 CPU s in a debug build, the same for 1000 views × 2000 frames), but few
/// views keep the file small (1.5 KB), so the schema check and rlottie take a fraction of a second (the schema check
/// of the 1000-view file takes 50 s).
final class LottieSizeLimitTests: XCTestCase {
    private func film(seconds: Double) throws -> Film {
        try Film(size: CGSize(width: 64, height: 48), framesPerSecond: 1000, loop: .inHold(hold: 0), duration: seconds, root: {
            let root = View(frame: CGRect(x: 0, y: 0, width: 64, height: 48))
            let tile = View(frame: CGRect(x: 8, y: 8, width: 16, height: 16))
            tile.id = "tile"
            tile.backgroundColor = .red
            root.addSubview(tile)
            return root
        }, choreography: { root in
            root.animate(withDuration: 0.25, changes: { _ in root.view(withID: "tile")!.center = CGPoint(x: 40, y: 24) })
        })
    }

    func testAFilmAtTheLimitExportsAndIsReadBack() throws {
        let film = try film(seconds: 1000)
        XCTAssertEqual(try film.viewCount() * film.frameCount, LottieExport.maximumViewFrames)
        let scratch = try Scratch()
        let url = scratch.path("limit.json")
        try film.write(to: url, as: .lottie())
        let summary = try XCTUnwrap(LottieReadBack.summary(try Data(contentsOf: url)))
        XCTAssertEqual(summary.frames, Double(film.frameCount))
        try LottieTools.assertValid(url)
        // rlottie draws the first frame (the tile where it starts) and the last (where it ends).
        let drawn = try LottieTools.render(url, frames: [0, film.frameCount - 1], width: 64, height: 48, into: scratch.url)
        XCTAssertEqual(drawn[0].pixel(x: 16, y: 16).r, 255, "the tile at its start in frame 0")
        XCTAssertEqual(drawn[1].pixel(x: 40, y: 24).r, 255, "the tile at its end in the last frame")
        XCTAssertEqual(drawn[1].pixel(x: 16, y: 16).g, 255, "the start left empty in the last frame")
    }

    func testOneFrameOverTheLimitIsRefusedAndNothingIsWritten() throws {
        let film = try film(seconds: 1000.001)
        XCTAssertEqual(film.frameCount, 1_000_001)
        let scratch = try Scratch()
        XCTAssertThrowsError(try film.write(to: scratch.path("over.json"), as: .lottie())) { error in
            XCTAssertEqual(error as? LottieExportSizeError, LottieExportSizeError(views: 2, frames: 1_000_001))
        }
        XCTAssertEqual(scratch.contents, [])
    }
}
