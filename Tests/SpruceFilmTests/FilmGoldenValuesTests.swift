import Foundation
import Spruce
@testable import SpruceFilm
import SpruceRender
import XCTest

/// The goldens a check makes together (`FilmGoldenValues`, one pass of the clock where that keeps them exact) are
/// the values each golden makes alone: goldens recorded one way pass the other, byte for byte.
final class FilmGoldenValuesTests: XCTestCase {
    /// Each page cell is the frame `frames(at:)` draws, and each text is its golden's own report.
    func assertSameAsAlone(_ film: Film, _ strip: FilmstripGolden, motion: MotionGolden = MotionGolden(),
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let made = try FilmGoldenValues(film: film, filmstrip: strip, texts: [TimingGolden(), motion], cancellation: nil)
        let times = try strip.times(of: film)
        let frames = try film.frames(at: times)
        let perPage = made.pages.first.map(\.cells.count) ?? 0
        XCTAssertEqual(made.pages.flatMap(\.times), times, file: file, line: line)
        for (i, frame) in frames.enumerated() {
            XCTAssert(try made.pages[i / perPage].frame(i % perPage) == frame, "frame \(i) at \(times[i]) s", file: file, line: line)
        }
        XCTAssertEqual(made.texts[0].text, try film.timingReport(), file: file, line: line)
        XCTAssertEqual(made.texts[1].text, try film.motionReport(every: motion.step), file: file, line: line)
    }

    func testGoldensMadeTogetherAreTheGoldensMadeAlone() throws {
        // Motion every 0.05 s stops between frames (a pass of its own; 3 × 0.05 is not 3/20 in binary either).
        for fps in [25.0, 20, 30] {
            try assertSameAsAlone(try cornerFilm(fps: fps), FilmstripGolden())
        }
        // Sampled every 0.01 s, a spring is checked for rest between frames: read in the frames' pass, it would
        // settle early, and frames from the 14th on and the timing golden would change.
        try assertSameAsAlone(try cornerFilm(damping: 0.75, fps: 25), FilmstripGolden(.every(1 / 25.0)), motion: MotionGolden(every: 0.01))
        // Every half second is a frame at 20 fps: all three goldens in one pass.
        try assertSameAsAlone(try cornerFilm(fps: 20), FilmstripGolden(), motion: MotionGolden(every: 0.5))
        // A boomerang reads its reversed half in time order; frames between frames and out of order keep their order.
        try assertSameAsAlone(try cornerFilm(loop: .boomerang, fps: 25), FilmstripGolden(.every(0.07)))
        try assertSameAsAlone(try cornerFilm(fps: 25), FilmstripGolden(.at([0.5, 0.13, 0.3, 0.013])), motion: MotionGolden(every: 0.04))
    }

    func testOnlyGoldensThatStopOnFramesShareAPass() {
        let frames = Set<Double>([0, 1, 2, 3, 4, 5])
        let passes = { (moments: [[Double]], ordered: Set<Int>) in Film.passes(moments, isFrame: frames.contains, ordered: ordered) }
        // All on frames: one pass; an empty group none.
        XCTAssertEqual(passes([[0, 2], [], [1, 5]], []), [[0, 2]])
        // Between frames only after everything else: it joins.
        XCTAssertEqual(passes([[0, 2], [1, 4.5], [3]], []), [[0, 1, 2]])
        XCTAssertEqual(passes([[0, 2], [1, 2.5], [3]], []), [[0, 2], [1]])
        // One joins at most; a group read in the order given never does.
        XCTAssertEqual(passes([[0.5], [3.5]], []), [[0], [1]])
        XCTAssertEqual(passes([[2], [3.5]], [1]), [[0], [1]])
    }

    func testAFrameMomentIsOneTheClockStepsTo() throws {
        let film = try cornerFilm(fps: 25)
        XCTAssert(film.isFrameMoment(0))
        XCTAssert(film.isFrameMoment(film.time(ofFrame: 7)))
        XCTAssertFalse(film.isFrameMoment(0.05))
        // 3 × 0.05 is not 0.15 in binary, so the clock would stop between frames 3 and 4 of a 20 fps film.
        XCTAssertFalse(try cornerFilm(fps: 20).isFrameMoment(3 * 0.05))
        XCTAssert(try cornerFilm(fps: 20).isFrameMoment(0.15))
    }
}
