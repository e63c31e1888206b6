import Foundation
import SpruceFilm
import XCTest

/// The message of a text golden that differs: the first changed line, not the header, and what differs when no line
/// does (a golden saved without its last line break said "differs at line 1 (0 lines differ), first at the header").
final class TextGoldenMessageTests: XCTestCase {
    func testTheMessageNamesWhatDiffers() {
        let golden = "# film 1.000 s, 25 frames at 25 fps\nt=0.000 tile-0-0 alpha=0\nt=0.050 tile-0-0 alpha=0.5\n"
        XCTAssertNil(FilmComparison.compareText(expected: golden, actual: golden, what: "motion.txt"))
        let changed = golden.replacingOccurrences(of: "alpha=0.5", with: "alpha=0.6")
        XCTAssertEqual(FilmComparison.compareText(expected: golden, actual: changed, what: "motion.txt")?.split(separator: "\n").first,
                       "motion.txt differs at line 3 (1 line differs), first at 0.050 s, tile-0-0:")
        XCTAssertEqual(FilmComparison.compareText(expected: golden, actual: String(golden.dropLast()), what: "motion.txt"),
                       "motion.txt differs only in the empty lines at its end (3 line breaks expected, 2 made); the golden was edited outside render-gif?")
        XCTAssertEqual(FilmComparison.compareText(expected: golden, actual: golden + "\n", what: "motion.txt")?.contains("4 made"), true)
    }
}
