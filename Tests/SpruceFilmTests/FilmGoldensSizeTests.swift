import Foundation
import MediaTestSupport
import SpruceFilm
import SpruceScene
import XCTest

/// Text goldens read every view at every moment; a film with too many is refused before anything is drawn or
/// written (a 10,000-view grid took 222 s and 7.6 GB, then failed, leaving a filmstrip behind).
final class FilmGoldensSizeTests: XCTestCase {
    func film(rows: Int, columns: Int) throws -> Film {
        var document = try SceneParser.load(contentsOf: MutationTests.grid)
        let i = try XCTUnwrap(document.views.firstIndex { $0.grid != nil })
        document.views[i].grid?.rows = rows
        document.views[i].grid?.columns = columns
        return try SceneFilm(document: document, framesPerSecond: 25).film
    }

    func testTooManyViewSamplesAreRefusedBeforeAnythingIsWritten() throws {
        let scratch = try Scratch()
        let goldens = FilmGoldens(folder: scratch.path("goldens"))
        let big = try film(rows: 99, columns: 101)
        XCTAssertThrowsError(try goldens.record(big, name: "big")) { error in
            XCTAssertTrue("\(error)".contains("golden would read 10001 views at "), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix("at most 1000000 (fewer views or a shorter film)"), "\(error)")
        }
        XCTAssertThrowsError(try goldens.check(big, name: "big", artifacts: nil))
        XCTAssertEqual(scratch.contents, [], "no goldens folder, no filmstrip")
        // The README's grid is well within the limit, and records.
        XCTAssertNoThrow(try goldens.checkSize(try film(rows: 7, columns: 7)))
    }
}
