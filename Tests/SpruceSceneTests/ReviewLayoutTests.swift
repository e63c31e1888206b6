import Foundation
import Spruce
import SpruceRender
@testable import SpruceReview
@testable import SpruceScene
import XCTest

final class ReviewLayoutTests: XCTestCase {
    func testContactSheetThumbnailsAreTheFilmsFrames() throws {
        let player = try examplePlayer("grid.json")
        let sheet = try ContactSheet(player: player, frames: 4)
        let thumbnails = try sheet.drawThumbnails(scale: 1)
        let source = try player.frameSource()
        let cursor = try source.makeCursor()
        var buffer = [UInt8](repeating: 0, count: 464 * 464 * 4)
        for (time, thumbnail) in zip(sheet.times, thumbnails) {
            let index = Int((time * 25).rounded())
            XCTAssertEqual(time, Double(index) / 25, accuracy: 1e-12, "motion samples are whole frames")
            try buffer.withUnsafeMutableBytes { try cursor.draw(frame: index, into: $0) }
            XCTAssertEqual(thumbnail.pixels, buffer, "frame \(index)")
        }
    }

    func testContactSheetRejectsBadCounts() throws {
        let player = try examplePlayer("examples/minimal.json")
        func message(_ body: () throws -> Any) -> String {
            do { _ = try body(); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(message { try ContactSheet(player: player, frames: 1) }, "contact sheet frames must be 2…200, got 1")
        XCTAssertEqual(try ContactSheet(player: player, frames: 4, columns: 5).columns, 4, "no more columns than frames")
        XCTAssertEqual(message { try ContactSheet(player: player, frames: 4, columns: 0) }, "contact sheet columns must be 1…200, got 0")
    }

    func testTimeAxisTicks() {
        XCTAssertEqual(TimeAxis(seconds: 0.95), TimeAxis(step: 0.1, end: 1.0))
        XCTAssertEqual(TimeAxis(seconds: 0.3).step, 0.05)
        XCTAssertEqual(TimeAxis(seconds: 0.3).end, 0.3, accuracy: 1e-12)
        XCTAssertEqual(TimeAxis(seconds: 2.36).step, 0.25)
        XCTAssertEqual(TimeAxis(seconds: 2.36).end, 2.5, accuracy: 1e-12)
        XCTAssertEqual(TimeAxis(seconds: 0).ticks.count, 11, "an empty choreography still gets an axis")
        XCTAssertEqual(TimeAxis(seconds: 40).step, 5)
    }

    func testManyViewsShareRowsAndLabelsThinOut() throws {
        let grid = try examplePlayer("grid.json")
        let rows = TimingRows.rows(for: grid.timings)
        XCTAssertEqual(rows.count, 13, "a cornered 7×7 wave has 13 fronts")
        XCTAssertEqual(rows.map(\.count).reduce(0, +), 49)
        XCTAssertEqual(rows[1].label, "tile-0-1 +1")
        XCTAssertEqual(TimingRows.layout(rowCount: 13).rowHeight, 14)

        let dense = try examplePlayer("examples/dense-grid.json")
        let denseRows = TimingRows.rows(for: dense.timings)
        XCTAssertEqual(denseRows.count, 169, "a random order has no shared fronts")
        let (height, stride) = TimingRows.layout(rowCount: 169)
        XCTAssertEqual(height, 3)
        XCTAssertGreaterThanOrEqual(height * CGFloat(stride), 12, "labels at least 12 points apart")

        let few = try examplePlayer("examples/cards.json")
        XCTAssertEqual(TimingRows.rows(for: few.timings).map(\.label), ["card-1", "card-2", "card-3"])
        XCTAssertEqual(TimingRows.displayName("0"), "view 0")
        XCTAssertEqual(TimingRows.displayName("3.0.12 +3"), "view 3.0.12 +3")
        for id in ["tile-0-0", "3.", ".3", "3..1", "v3", "٣"] { XCTAssertEqual(TimingRows.displayName(id), id) }
    }

    func testLayoutMapFindsNestedViewsInCanvasCoordinates() throws {
        let player = try examplePlayer("examples/profile.yaml")
        let items = try LayoutMap(film: player.film).items
        let animated = items.filter { $0.start != nil }
        XCTAssertEqual(animated.count, player.timings.count)
        // `following` sits at x 192 inside `stats` at x 20: 212 on the canvas.
        XCTAssertTrue(animated.contains { $0.rect == CGRect(x: 212, y: 224, width: 88, height: 72) }, "\(animated.map(\.rect))")
    }

    func testStartTimeRampEnds() {
        let ramp = StartTimeRamp(first: 0, last: 1)
        XCTAssertEqual(ramp.color(forStart: 0).hexString.uppercased(), "#440154")
        XCTAssertEqual(ramp.color(forStart: 1).hexString.uppercased(), "#C2DF23")
        XCTAssertEqual(ramp.color(forStart: 5), ramp.color(forStart: 1))
        XCTAssertEqual(StartTimeRamp(first: 0.2, last: 0.2).color(forStart: 0.2), ramp.color(forStart: 0))
    }

    func testTitleNamesSceneSortAndAnimation() throws {
        let grid = try examplePlayer("grid.json")
        XCTAssertEqual(ReviewTitle.text(name: "grid", spec: grid.document.choreography),
                       "grid — cornered (corner topLeft, delay 0.025 s) · fade-in, expand:0.1 · spring 0.5 s nominal, damping 0.5, velocity 0.7")
        // A film's title says when its springs really rest (at 25 fps each tile takes 0.65–0.76 s).
        let lengths = try XCTUnwrap(AnimationLengths(grid.timings))
        XCTAssertEqual(ReviewTitle.text(name: "grid", player: grid),
                       "grid — cornered (corner topLeft, delay 0.025 s) · fade-in, expand:0.1 · spring settles in \(lengths.text) (nominal 0.5 s), damping 0.5, velocity 0.7")
        XCTAssertGreaterThan(lengths.shortest, 0.6, "the 0.5 s spring rests later than its nominal duration")
        var spec = ChoreographySpec()
        spec.sort = .continuousWeighted(position: .middle, duration: 0.3, weights: Weights(horizontal: .heavy, vertical: .custom(0.3)),
                                        reversed: true)
        XCTAssertEqual(ReviewTitle.sortSummary(spec),
                       "continuous-weighted (position middle, duration 0.3 s, weights heavy/0.3, reversed true)")
    }
}

final class ReviewTextMetricsTests: XCTestCase {
    /// The measured width is where the renderer's right-aligned text begins: measure, draw, compare.
    func testMeasuredWidthMatchesDrawnText() throws {
        let font = Font.boldSystemFont(ofSize: 16)
        let text = "cornered · 0.40 s"
        let w = TextMetrics.width(of: text, font: font)
        XCTAssertGreaterThan(w, 100)
        XCTAssertLessThan(w, 200)
        XCTAssertEqual(TextMetrics.width(of: text + text, font: font), 2 * w, accuracy: 0.5)
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
        let label = Label(frame: CGRect(x: 0, y: 0, width: 300, height: 30), text: text, font: font)
        root.addSubview(label)
        let bitmap = try Renderer(size: root.bounds.size).render(root)
        let inked = (0..<300).filter { x in (0..<30).contains { bitmap.pixel(x: x, y: $0).r < 128 } }
        XCTAssertEqual(CGFloat(inked.last! - inked.first! + 1), w, accuracy: 3)
    }
}

/// `--sheet-width 600` gave a sheet 1,322 pixels wide: the sheet widened for its title. It is as wide as asked, and
/// the title and subtitle wrap at " · ", then at spaces, keeping every word of a title that fits a line.
final class ContactSheetWidthTests: XCTestCase {
    func testTheSheetIsAsWideAsAskedAndItsLinesFit() throws {
        let player = try examplePlayer("grid.json")
        let title = ReviewTitle.text(name: "grid", player: player)
        for width in [1200, 600, 320] as [CGFloat] {
            var sheet = try ContactSheet(player: player, title: title)
            sheet.width = width
            let bitmap = try sheet.render()
            XCTAssertEqual(CGFloat(bitmap.width), width * sheet.scale, "width \(width)")
            let layout = sheet.layout
            for line in layout.titleLines {
                XCTAssertLessThanOrEqual(ReviewStyle.width(line, ReviewStyle.titleFont), width - 2 * ReviewStyle.margin, line)
            }
            for line in layout.subtitleLines {
                XCTAssertLessThanOrEqual(ReviewStyle.width(line, ReviewStyle.subtitleFont), width - 2 * ReviewStyle.margin, line)
            }
            // Every word is there, in order: the lines only break it up.
            let words = { (s: String) in s.replacingOccurrences(of: " · ", with: " ").split(separator: " ").map(String.init) }
            XCTAssertEqual(layout.titleLines.flatMap(words), words(title), "width \(width)")
            XCTAssertEqual(layout.subtitleLines.flatMap(words), words(sheet.subtitle), "width \(width)")
            XCTAssertGreaterThan(layout.titleLines.count, width < 1200 ? 2 : 1, "the title wraps at \(width)")
        }
    }

    func testAWordWiderThanALineIsCut() {
        let long = String(repeating: "W", count: 80)
        let lines = ReviewStyle.lines("short · " + long, width: 200, font: ReviewStyle.titleFont)
        XCTAssertEqual(lines.first, "short")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[1].hasSuffix("…") && lines[1].hasPrefix("WWW"), lines[1])
        XCTAssertLessThanOrEqual(ReviewStyle.width(lines[1], ReviewStyle.titleFont), 200)
    }
}
