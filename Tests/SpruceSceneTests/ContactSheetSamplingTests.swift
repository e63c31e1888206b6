import Foundation
import Spruce
@testable import SpruceFilm
import SpruceRender
@testable import SpruceReview
@testable import SpruceScene
import XCTest

/// Which moments a contact sheet shows: the motion, not the holds.
final class ContactSheetSamplingTests: XCTestCase {
    /// A film with a long still hold between entrance and exit (grid, in-hold-out, hold 1 s).
    func heldGrid(fps: Double = 25) throws -> SceneFilm {
        var doc = try SceneParser.load(contentsOf: repositoryFixtures.appendingPathComponent("scenes/grid.json"))
        doc.timeline.loop = .inHoldOut
        doc.timeline.hold = 1
        return try SceneFilm(document: doc, framesPerSecond: fps)
    }

    func frame(_ t: Double, of film: Film) -> Int { Int((t * film.framesPerSecond).rounded()) }

    /// The film is read frame by frame holding two frames' states, and a stretch played backwards in chunks that
    /// fit the memory budget; the result is what comparing every frame's states, all held at once, gives.
    func testReadingInChunksFindsWhatHoldingEveryFrameFinds() throws {
        for film in [try examplePlayer("grid.json").film, try heldGrid().film] {  // in-hold-reverse, in-hold-out
            let states = try film.sample(at: (0..<film.frameCount).map(film.time(ofFrame:))) { FilmMotion.state(of: $0) }
            var expected = [false], reference = states[0]
            for state in states.dropFirst() {
                let differs = FilmMotion.differ(reference, state, pixelsPerPoint: film.canvas.scale)
                expected.append(differs)
                if differs { reference = state }
            }
            XCTAssertTrue(expected.contains(true))
            let perFrame = states[0].count * MemoryLayout<FilmMotion.ViewState>.stride
            for budget in [FilmMotion.memoryBudget, 1, 3 * perFrame] {  // all at once, a frame a chunk, three
                XCTAssertEqual(try FilmMotion(film: film, memoryBudget: budget).changed, expected, "budget \(budget)")
            }
            // Frames where nothing runs (the lead, the hold) are not read, and that changes nothing.
            let skipping = try FilmMotion(film: film), reading = try FilmMotion(film: film, skipStill: false)
            XCTAssertEqual(skipping.changed, expected)
            XCTAssertEqual(reading.changed, expected)
            XCTAssertEqual(reading.framesRead, film.frameCount)
            if film.phases.animateOut != nil {  // the held grid: 24 frames of its 1 s hold are the frame before them
                XCTAssertLessThanOrEqual(skipping.framesRead, film.frameCount - 24, "the hold was read")
            }
        }
        XCTAssertNotNil(try examplePlayer("grid.json").film.phases.reverseFrom, "a film played backwards")
    }

    func testMotionIsFoundWhereFramesChangeAndNowhereElse() throws {
        let film = try heldGrid().film
        let motion = try FilmMotion(film: film)
        XCTAssertEqual(motion.spans.count, 2, "entrance and exit: \(motion.spans)")
        let entrance = motion.spans[0], exit = motion.spans[1]
        XCTAssertEqual(entrance.first, frame(film.phases.animateIn, of: film), "the still frame the entrance starts from")
        XCTAssertLessThanOrEqual(entrance.last, frame(film.phases.inEnd, of: film))
        XCTAssertGreaterThanOrEqual(exit.first, frame(film.phases.animateOut!, of: film) - 1)
        // The pixels agree: a frame in the hold equals the one before; the middle of the entrance does not.
        let hold = (entrance.last + exit.first) / 2
        let pictures = try film.frames(at: [hold - 1, hold, entrance.first + 4, entrance.first + 5].map(film.time(ofFrame:)))
        XCTAssertFalse(motion.changed[hold])
        XCTAssertEqual(pictures[0], pictures[1], "nothing moves in the hold")
        XCTAssertTrue(motion.changed[entrance.first + 5])
        XCTAssertNotEqual(pictures[2], pictures[3], "the entrance moves")
    }

    func testDefaultSheetSamplesTheEntranceAndExitNotTheHold() throws {
        let film = try heldGrid().film
        let sheet = try ContactSheet(film: film)
        let spans = try FilmMotion(film: film).spans
        XCTAssertEqual(sheet.times.count, ContactSheet.defaultFrames)
        let frames = sheet.times.map { frame($0, of: film) }
        for f in frames {
            XCTAssertTrue(spans.contains { $0.first <= f && f <= $0.last }, "frame \(f) lies in a hold; spans \(spans)")
        }
        XCTAssertEqual(frames.first, spans[0].first)
        XCTAssertEqual(frames.last, spans[1].last)
        XCTAssertEqual(frames.filter { $0 <= spans[0].last }.count, 6, "the two parts last equally long, so six each")
        XCTAssertEqual(frames, frames.sorted())
        XCTAssertTrue(sheet.subtitle.hasPrefix("12 frames of the motion: entrance 0.08–"), sheet.subtitle)
        XCTAssertTrue(sheet.subtitle.contains(", exit "), sheet.subtitle)
        XCTAssertEqual(sheet.columns, 6)
    }

    func testEveryStepsThroughEachPartFromItsStart() throws {
        let film = try heldGrid().film
        let spans = try FilmMotion(film: film).spans
        let sheet = try ContactSheet(film: film, sampling: .every(seconds: 0.2))
        let frames = sheet.times.map { frame($0, of: film) }
        let expected = spans.flatMap { span in stride(from: span.first, through: span.last, by: 5).map { $0 } }
        XCTAssertEqual(frames, expected)
        XCTAssertTrue(sheet.subtitle.hasPrefix("every 0.2 s of the motion (\(expected.count) frames)"), sheet.subtitle)
        let everyFrame = try ContactSheet(film: film, sampling: .every(seconds: 0.001)).times.count
        XCTAssertEqual(everyFrame, spans.map { $0.last - $0.first + 1 }.reduce(0, +), "a step under a frame takes every frame once")
        // A vanishing step is every frame too, at once (not 10^17 steps counted a frame).
        XCTAssertEqual(try ContactSheet(film: film, sampling: .every(seconds: 1e-17)).times, try ContactSheet(film: film, sampling: .every(seconds: 0.001)).times)
        XCTAssertThrowsError(try ContactSheet(film: try heldGrid(fps: 500).film, sampling: .every(seconds: 0.001))) {
            XCTAssertTrue("\($0)".contains("more than 200 frames"), "\($0)")
        }
    }

    func testChosenTimesAreDrawnAtThoseTimes() throws {
        let film = try examplePlayer("grid.json").film
        let sheet = try ContactSheet(film: film, sampling: .times([0.3, 0.1, 0.25]))
        XCTAssertEqual(sheet.times, [0.3, 0.1, 0.25])
        XCTAssertEqual(sheet.columns, 3)
        let thumbnails = try sheet.drawThumbnails(scale: 0.25)
        let expected = try film.frames(at: [0.3, 0.1, 0.25], scale: 0.25)
        XCTAssertEqual(thumbnails.map(\.pixels), expected.map { $0.packedBGRA() })
        XCTAssertThrowsError(try ContactSheet(film: film, sampling: .times([0.1, film.duration + 1])))
    }

    func testAStillFilmIsSampledEvenly() throws {
        let film = try Film(canvas: FilmCanvas(size: CGSize(width: 60, height: 40)), framesPerSecond: 25,
                            phases: FilmPhases(animateIn: 0, inEnd: 0, end: 1), timings: []) { _ in
            let root = View(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
            let box = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            box.backgroundColor = .black
            root.addSubview(box)
            return root
        }
        guard try FilmMotion(film: film).spans.isEmpty else { return XCTFail("a choreography without animations still moved") }
        let sheet = try ContactSheet(film: film, frames: 4)
        XCTAssertEqual(sheet.times.first, 0)
        XCTAssertEqual(sheet.times.last, film.time(ofFrame: film.frameCount - 1))
        XCTAssertTrue(sheet.subtitle.hasPrefix("4 evenly spaced frames (nothing moves)"), sheet.subtitle)
    }

    func testThumbnailsFillTheSheetsWidth() throws {
        let film = try heldGrid().film
        for (columns, width) in [(6, 1200.0), (4, 1000.0), (3, 700.0)] {
            var sheet = try ContactSheet(film: film, columns: columns, title: "t")
            sheet.width = CGFloat(width)
            let l = sheet.layout
            let used = CGFloat(columns) * l.thumbnail.width + CGFloat(columns - 1) * ContactSheet.Layout.gap + 2 * ReviewStyle.margin
            XCTAssertLessThanOrEqual(CGFloat(width) - used, CGFloat(columns), "columns \(columns): \(used) of \(width)")
            XCTAssertGreaterThanOrEqual(CGFloat(width), used)
            XCTAssertEqual(l.rows, (12 + columns - 1) / columns)
        }
    }

    func testSharesAndBalancedColumns() {
        XCTAssertEqual(SheetSampling.share(12, among: [20, 20]), [6, 6])
        XCTAssertEqual(SheetSampling.share(12, among: [30, 10]), [8, 4])
        XCTAssertEqual(SheetSampling.share(3, among: [10, 10]), [2, 1])
        XCTAssertEqual(SheetSampling.share(5, among: [1, 100]).reduce(0, +), 5)
        XCTAssertEqual(SheetSampling.spread(3, over: 10, 20), [10, 15, 20])
        XCTAssertEqual([12, 8, 7, 6, 3, 13].map(ContactSheet.balancedColumns), [6, 4, 4, 6, 3, 5])
    }
}
