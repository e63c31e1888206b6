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
        XCTAssertEqual(FilmComparison.compareText(expected: golden, actual: changed, what: "motion.txt"),
                       "motion.txt differs at line 3 (1 line differs), first at 0.050 s, tile-0-0: "
                       + "expected 't=0.050 tile-0-0 alpha=0.5', actual 't=0.050 tile-0-0 alpha=0.6'")
        XCTAssertEqual(FilmComparison.compareText(expected: golden, actual: String(golden.dropLast()), what: "motion.txt"),
                       "motion.txt differs only in the empty lines at its end (3 line breaks expected, 2 made); the golden was edited outside render-gif?")
        XCTAssertEqual(FilmComparison.compareText(expected: golden, actual: golden + "\n", what: "motion.txt")?.contains("4 made"), true)
        // Windows line endings (an editor, git's autocrlf): each line differs and is shown with its carriage return.
        let crlf = golden.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(FilmComparison.compareText(expected: crlf, actual: golden, what: "motion.txt"),
                       "motion.txt differs at line 2 (3 lines differ), first at 0.000 s, tile-0-0: expected 't=0.000 tile-0-0 alpha=0\\r', "
                       + "actual 't=0.000 tile-0-0 alpha=0'")
        // A view id with a decomposed accent (NFD, as some editors save) is other bytes than record writes: it differs.
        let composed = golden.replacingOccurrences(of: "tile-0-0", with: "caf\u{E9}")
        let decomposed = golden.replacingOccurrences(of: "tile-0-0", with: "cafe\u{301}")
        XCTAssertEqual(FilmComparison.compareText(expected: decomposed, actual: composed, what: "motion.txt")?
                           .hasPrefix("motion.txt differs at line 2 (2 lines differ), first at 0.000 s, "), true)
    }

    /// The message is one line that shows the expected and the actual line (a run's FAIL line, its first line, said
    /// only "timing.txt differs at line 2 (1 line differs), first at grid:"), escaped, a long line cut.
    func testTheFirstLineShowsTheLinesThatDiffer() throws {
        let golden = "# view    start  duration  settles\ngrid      0.000  1.000     0.600\n"
        let changed = golden.replacingOccurrences(of: "1.000", with: "1.200")
        XCTAssertEqual(FilmComparison.compareText(expected: golden, actual: changed, what: "timing.txt"),
                       "timing.txt differs at line 2 (1 line differs), first at grid: "
                       + "expected 'grid      0.000  1.000     0.600', actual 'grid      0.000  1.200     0.600'")
        let bom = FilmComparison.compareText(expected: "\u{FEFF}" + golden, actual: golden, what: "timing.txt")
        XCTAssertEqual(bom, "timing.txt differs at line 1 (1 line differs), first at the header (film length, frame count or rate): "
                       + "expected '\\u{FEFF}# view    start  duration  settles', actual '# view    start  duration  settles'")
        let long = "grid \u{1B}[31m" + String(repeating: "x", count: 300)
        let cut = try XCTUnwrap(FilmComparison.compareText(expected: long + "\n", actual: "grid\n", what: "timing.txt"))
        XCTAssertFalse(cut.contains("\n") || cut.contains("\u{1B}"), cut)
        XCTAssertTrue(cut.hasSuffix("actual 'grid'"), cut)
        XCTAssertTrue(cut.contains("expected 'grid \\e[31m" + String(repeating: "x", count: 189) + "…' (111 more characters)"), cut)
    }
}
