import Foundation
import Spruce
@testable import SpruceFilm
import SpruceRender
import XCTest

/// Where a filmstrip's first difference is said to be: the views shown there, else the background, naming the
/// views under it that are not shown at that moment.
final class FilmDifferencePlaceTests: XCTestCase {
    private let times = [0.0, 0.2, 0.4]

    private func message(golden: Film, now: Film) throws -> String {
        let expected = try Filmstrip(film: golden, times: times)
        return try XCTUnwrap(FilmComparison.compare(expected: expected.bitmap, actual: Filmstrip(film: now, times: times), film: now))
    }

    /// The corner wave fades its tiles in from opacity 0: at t=0 only the background is drawn.
    func testAChangedBackgroundUnderTilesNotShownYetIsTheBackgrounds() throws {
        let film = try cornerFilm(fps: 25)
        var tinted = film
        tinted.canvas.background = Color(red: 1, green: 0.97, blue: 0.94)
        let said = try message(golden: film, now: tinted)
        XCTAssertTrue(said.hasPrefix("first difference at t=0.000 s on the background, under tile-0-0, tile-0-1, "), said)
        XCTAssertTrue(said.contains(" … (not shown then): 1 region fail"), said)
    }

    func testARecolouredTileIsNamedWhereItIsShown() throws {
        let said = try message(golden: try cornerFilm(fps: 25), now: try cornerFilm(color: Color(red: 0.2, green: 0.45, blue: 0.8), fps: 25))
        XCTAssertTrue(said.hasPrefix("first difference at t=0.200 s in tile-"), said)
        XCTAssertFalse(said.contains("background"), said)
    }

    func testThePhraseOfEachPlace() {
        XCTAssertEqual(FilmComparison.ViewsUnder(shown: ["a", "b"], unshown: ["c"]).phrase, " in a, b")
        XCTAssertEqual(FilmComparison.ViewsUnder(shown: [], unshown: ["c"]).phrase, " on the background, under c (not shown then)")
        XCTAssertEqual(FilmComparison.ViewsUnder(shown: [], unshown: []).phrase, " on the background")
        let nine = (1...9).map { "v\($0)" }
        XCTAssertEqual(FilmComparison.ViewsUnder(shown: nine, unshown: []).phrase, " in v1, v2, v3, v4, v5, v6, v7, v8 …")
    }
}
