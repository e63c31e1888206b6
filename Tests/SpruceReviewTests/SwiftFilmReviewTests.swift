import Spruce
import SpruceFilm
@testable import SpruceReview
import XCTest

/// Review pictures and a comparison of a film written in Swift: this target builds without the scene format.
final class SwiftFilmReviewTests: XCTestCase {
    func row(delay: Double = 0.1, fps: Double = 25) throws -> Film { try rowOfTiles(delay: delay, fps: fps) }

    /// The sheet's moments come from the entrance (the hold is left out), and each thumbnail is the film's own frame.
    func testContactSheetOfASwiftFilmShowsItsFrames() throws {
        let film = try row()
        let sheet = try ContactSheet(film: film, frames: 4, title: "row")
        XCTAssertEqual(sheet.times.count, 4)
        XCTAssertEqual(sheet.times.first, 0, "from the still frame before the entrance")
        XCTAssertLessThanOrEqual(try XCTUnwrap(sheet.times.last), film.phases.inEnd + 1e-9, "nothing of the hold")
        let thumbnails = try sheet.drawThumbnails(scale: 1)
        let frames = try film.frames(at: sheet.times, scale: 1)
        XCTAssertEqual(thumbnails.map(\.pixels), frames.map { $0.packedBGRA() })
        let picture = try sheet.render()
        XCTAssertEqual(picture.width, Int(sheet.layout.width))
        XCTAssertEqual(picture.height, Int(sheet.height))
    }

    func testTimingChartOfASwiftFilmHasABarPerView() throws {
        let chart = TimingChart(film: try row(), title: "row")
        XCTAssertEqual(chart.rows.map(\.label), ["tile-0", "tile-1", "tile-2"])
        XCTAssertEqual(chart.rows.map(\.start), [0, 0.1, 0.2], accuracy: 1e-9)
        XCTAssertEqual(try chart.render().width, Int(chart.size.width))
    }

    /// A long title (a scene's name) widens a chart up to `maximumTitleWidth` and is cut to fit there: a name of a
    /// thousand characters made charts over 16384 pixels wide, which failed.
    func testALongTitleIsCutInsteadOfWideningTheChart() throws {
        let title = String(repeating: "lorem ipsum ", count: 90)
        let chart = TimingChart(film: try row(), title: title)
        XCTAssertEqual(chart.size.width, ReviewStyle.maximumTitleWidth)
        XCTAssertEqual(try MotionCurves(film: try row(), title: title).width, ReviewStyle.maximumTitleWidth)
        XCTAssertNoThrow(try chart.render())
        let limit = ReviewStyle.maximumTitleWidth - 2 * ReviewStyle.margin
        let cut = ReviewStyle.fitted(title, ReviewStyle.titleFont, width: limit)
        XCTAssertTrue(cut.hasSuffix("…") && cut.count > 100, cut)
        XCTAssertLessThanOrEqual(ReviewStyle.width(cut, ReviewStyle.titleFont), limit)
        XCTAssertGreaterThan(ReviewStyle.width(String(title.prefix(cut.count)) + "…", ReviewStyle.titleFont), limit, "as long as fits")
        XCTAssertEqual(ReviewStyle.fitted("row", ReviewStyle.titleFont, width: limit), "row")
        XCTAssertEqual(TimingChart(film: try row(), title: "row").size.width, 960, "a short title keeps the chart's width")
    }

    func testComparisonOfSwiftFilmsSaysWhatChanged() throws {
        let same = try ABComparison(SideBySide(a: try row(), b: try row(), labels: ("a", "b"), difference: true))
        XCTAssertTrue(same.isEqual, same.report(labels: ("a", "b")))
        let later = try ABComparison(SideBySide(a: try row(), b: try row(delay: 0.2), labels: ("a", "b"), difference: false))
        XCTAssertFalse(later.isEqual)
        XCTAssertEqual(later.changes.map(\.view), ["tile-1", "tile-2"], "the first tile starts at 0 either way")
    }

    /// The library words its own errors: no command-line flag in them.
    func testSideBySideErrorsSpeakOfFilms() throws {
        XCTAssertThrowsError(try SideBySide(a: try row(), b: try row(fps: 50), labels: ("a", "b"), difference: false)) {
            XCTAssertEqual($0 as? ReviewError, .differentFrameRates(a: 25, b: 50))
            XCTAssertEqual("\($0)", "A plays at 25 fps and B at 50 fps; compare needs one frame rate")
        }
        var large = try row()
        large.canvas.scale = 2
        XCTAssertThrowsError(try SideBySide(a: try row(), b: large, labels: ("a", "b"), difference: true)) {
            XCTAssertEqual("\($0)", "a difference pane needs films of one size; A is 160×60, B 320×120")
        }
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
