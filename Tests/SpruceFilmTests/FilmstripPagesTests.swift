import Foundation
import MediaTestSupport
import Spruce
import SpruceFilm
import SpruceRender
import XCTest

/// A filmstrip golden is written in pages (`FilmstripLayout`) that the PNG reader takes back: a 4K scene's strip
/// of 8 frames (15400 × 4384 pixels in one picture, beyond 2²⁶ pixels) was recorded and then refused by the check.
final class FilmstripPagesTests: XCTestCase {
    /// Two tiles in a row fading in on a canvas of `width` × `height`, `offset` points to the right.
    static func film(width: CGFloat, height: CGFloat, offset: CGFloat = 0) throws -> Film {
        try Film(size: CGSize(width: width, height: height), framesPerSecond: 10, loop: .inHold(hold: 0.2),
                 root: {
                     let root = tileGrid(rows: 1, columns: 2, offset: offset)
                     root.frame = CGRect(x: 0, y: 0, width: width, height: height)
                     return root
                 },
                 choreography: { root in
                     root.spruce.animate([.fadeIn], animationType: SpringAnimation(duration: 0.3),
                                         sortFunction: LinearSortFunction(direction: .leftToRight, interObjectDelay: 0.05))
                 })
    }

    func testA4KSceneIsRecordedInPagesThatTheCheckReadsBackAndAOnePointMoveFails() throws {
        let scratch = try Scratch()
        let goldens = FilmGoldens(folder: scratch.path("goldens"))
        let recorded = try goldens.record(try Self.film(width: 3840, height: 2160), name: "uhd")
        XCTAssertEqual(recorded.recorded.sorted(), ["uhd.filmstrip.2.png", "uhd.filmstrip.png", "uhd.motion.txt", "uhd.timing.txt"])
        for page in ["uhd.filmstrip.png", "uhd.filmstrip.2.png"] {
            let header = try PNGHeader.read(path: scratch.path("goldens/\(page)").path)
            // Four whole 3840 × 2160 frames a page, never scaled down.
            XCTAssertEqual([header.width, header.height], [4 * 3848 + 8, 2160 + 20 + 16], page)
        }
        let checked = try goldens.check(try Self.film(width: 3840, height: 2160), name: "uhd", artifacts: nil)
        XCTAssertTrue(checked.passed, "\(checked.failures) \(checked.missing)")
        let moved = try goldens.check(try Self.film(width: 3840, height: 2160, offset: 1), name: "uhd", artifacts: nil)
        XCTAssertTrue(moved.failures.first?.hasPrefix("filmstrip page 1 of 2: first difference at t=") ?? false, "\(moved.failures)")
    }

    /// The largest canvas (16384 × 4096, 2²⁶ pixels): each frame is a bare page of its own, written and read back.
    func testTheLargestCanvasIsRecordedAsBarePagesThatTheCheckReadsBack() throws {
        let scratch = try Scratch()
        var goldens = FilmGoldens(folder: scratch.path("goldens"))
        goldens.filmstrip = FilmstripGolden(.evenly(2))
        let recorded = try goldens.record(try Self.film(width: 16384, height: 4096), name: "largest")
        XCTAssertEqual(recorded.recorded.filter { $0.contains("filmstrip") }.sorted(), ["largest.filmstrip.2.png", "largest.filmstrip.png"])
        let header = try PNGHeader.read(path: scratch.path("goldens/largest.filmstrip.png").path)
        XCTAssertEqual([header.width, header.height], [16384, 4096])
        let checked = try goldens.check(try Self.film(width: 16384, height: 4096), name: "largest", artifacts: nil)
        XCTAssertTrue(checked.passed, "\(checked.failures) \(checked.missing)")
    }

    func testEveryPageFitsTheReaderAndHoldsWholeFramesUpToTheCanvasLimits() {
        let canvases = [(100, 100), (1920, 1080), (3840, 2160), (8192, 8192), (16384, 4096), (4096, 16384), (16384, 1), (1, 16384),
                        (16368, 4096), (16360, 16), (4000, 4000)]
        for (w, h) in canvases {
            for count in [1, 2, 3, 4, 5, 8, 9, 999, 1000] {
                let layout = FilmstripLayout(frameWidth: w, frameHeight: h, frameCount: count)
                let what = "\(count) frames of \(w)×\(h)"
                XCTAssertEqual((0..<layout.pageCount).map { layout.frames(onPage: $0).count }.reduce(0, +), count, what)
                for page in 0..<layout.pageCount {
                    let size = layout.pageSize(frames: layout.frames(onPage: page).count)
                    XCTAssertTrue(Bitmap.fitsStorage(width: size.width, height: size.height), "\(what): page \(page) is \(size)")
                    for i in 0..<layout.frames(onPage: page).count {
                        let cell = layout.cell(i)
                        XCTAssertEqual([cell.width, cell.height], [w, h], what)
                        XCTAssertLessThanOrEqual(cell.x + cell.width, size.width, what)
                        XCTAssertLessThanOrEqual(cell.y + cell.height, size.height, what)
                    }
                }
            }
        }
    }

    /// A strip that fits one picture is laid out as before pages existed, so goldens recorded then still match.
    func testAStripThatFitsOnePictureKeepsItsLayout() {
        for (w, h, count) in [(100, 100, 8), (464, 464, 8), (1920, 1080, 8), (1920, 1080, 20), (160, 160, 3)] {
            let layout = FilmstripLayout(frameWidth: w, frameHeight: h, frameCount: count)
            let columns = min(4, count), rows = (count + columns - 1) / columns
            XCTAssertEqual(layout.pageCount, 1)
            XCTAssertEqual([layout.pageSize(frames: count).width, layout.pageSize(frames: count).height],
                           [columns * w + (columns + 1) * 8, rows * (h + 20 + 8) + 8])
        }
    }

    /// The snapshot strategy writes one picture: times that would not fit one are refused before anything is written.
    func testOnePictureStripBeyondTheReaderIsRefused() throws {
        XCTAssertThrowsError(try Filmstrip(film: try Self.film(width: 3840, height: 2160), times: [0, 0.1, 0.2, 0.3, 0.4])) { error in
            XCTAssertEqual("\(error)", "a filmstrip of 5 frames of 3840×2160 pixels would be 15400×4384 pixels; at most 16384 a side "
                           + "and 67108864 in all: take fewer times (FilmGoldens splits a strip into pages)")
        }
    }
}
