import Foundation
import SpruceFilm
import SpruceRender
@testable import SpruceReview
@testable import SpruceScene
import XCTest

/// `ComparedFilm` redraws only what changed from frame to frame; what it shows must be the film's own frame, drawn
/// whole, in any order, and the last frame once the film has ended.
final class ComparedFilmTests: XCTestCase {
    func testEveryFrameIsTheFilmsOwnInAnyOrder() throws {
        for loop in [FilmLoopShape.Name.inHoldOut, .inHoldReverse] {
            var doc = try SceneParser.load(contentsOf: repositoryFixtures.appendingPathComponent("scenes/grid.json"))
            doc.timeline.loop = loop
            doc.canvas.scale = 0.5
            let film = try SceneFilm(document: doc, framesPerSecond: 25).film
            let shown = try ComparedFilm(film)
            let last = film.frameCount - 1
            // Forward through everything, past the end (held), then back and forward again.
            let order = Array(0...(last + 3)) + [5, 4, last / 2, last]
            let expected = try film.frames(at: order.map { film.time(ofFrame: min($0, last)) })
            for (index, frame) in zip(order, expected) {
                try shown.show(frame: index)
                XCTAssertEqual(shown.pixels, frame.packedBGRA(), "\(loop), frame \(index)")
            }
            XCTAssertFalse(try shown.show(frame: last + 10), "a film that has ended does not change")
        }
    }
}
