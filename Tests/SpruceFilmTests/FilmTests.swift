import Advance
import Foundation
import MediaTestSupport
import Spruce
import SpruceFilm
import SpruceRender
import SpruceVideo
import XCTest

final class FilmTests: XCTestCase {
    func testDurationComesFromTheSettlingTimes() throws {
        let film = try cornerFilm()
        // Five diagonals 0.05 s apart, each spring nominally 0.5 s: at least 0.7 s; the film waits until the
        // last spring is within its threshold on every property, then holds 0.2 s.
        XCTAssertEqual(film.timings.count, 9)
        XCTAssertEqual(film.timings.map(\.start).max()!, 0.2, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(film.settlingTime, 0.7 - 1e-9)
        XCTAssertLessThan(film.settlingTime, 0.7 + 0.3)
        XCTAssertEqual(film.phases.inEnd, film.settlingTime, accuracy: 1e-9)
        XCTAssertEqual(film.duration, film.settlingTime + 0.2, accuracy: 1e-9)
        XCTAssertEqual(film.frameCount, Int((film.duration * 30).rounded(.up)))
        XCTAssertTrue(try film.frame(at: 0).pixel(x: 30, y: 30) == (255, 255, 255, 255), "frame 0 shows the prepared, empty screen")
    }

    func testSpringsThatOutliveTheirDurationLengthenTheFilm() throws {
        // A block animation has no announced duration: the film still ends when it is at rest.
        let film = try Film(size: CGSize(width: 100, height: 100), framesPerSecond: 25, loop: .in,
                            root: { tileGrid(rows: 1, columns: 1) },
                            choreography: { root in
                                root.subviews[0].animate(curve: .spring(SpringParameters(tension: 120, damping: 6), initialVelocity: 0, threshold: 0.001),
                                                         changes: { $0.center.x += 20 })
                            })
        XCTAssertTrue(film.timings.isEmpty)
        XCTAssertGreaterThan(film.duration, 1, "an underdamped spring rings for more than a second")
        let last = try film.frame(at: film.duration), later = try film.frame(at: film.duration + 1)
        let c = try FilmCursor(film: film)
        let x1 = try c.seek(to: film.duration).subviews[0].center.x
        let x2 = try c.seek(to: film.duration + 1).subviews[0].center.x
        XCTAssertEqual(x1, x2, "\(film.duration)")
        XCTAssertEqual(last, later, "the film ends at rest")
        XCTAssertNotEqual(try film.frame(at: film.duration - 2.0 / 25), last, "and not long after")
    }

    /// A SpringAnimation too stiff for the simulation, built in Swift without `validated`: integrated as given it would
    /// reach NaN within a second and fail to draw ("invalid matrix"); the film plays the shortest spring that settles.
    func testAStiffSpringFilmPlaysTheShortestSpringThatSettles() throws {
        let saved = Diagnostics.sink
        defer { Diagnostics.sink = saved }
        var reports: [String] = []
        Diagnostics.sink = { reports.append($0) }
        let film = try cornerFilm(damping: 16)
        XCTAssertGreaterThan(film.settlingTime, 22.592, "the slow mode of damping 16 at its shortest duration")
        let tile = CGPoint(x: 35, y: 35)
        for t in [0.5, 5, film.settlingTime] {
            let frame = try film.frame(at: t)
            XCTAssertFalse(frame.pixel(x: Int(tile.x), y: Int(tile.y)) == (255, 255, 255, 255), "a tile is visible at \(t) s")
        }
        XCTAssertEqual(reports.count, 1, "\(reports)")
    }

    func testFramesAreTheSameInAnyOrderAndMatchTheVideoPipeline() throws {
        let film = try cornerFilm(loop: .boomerang)
        let times = [0.1, 0.5, 0.2, 1.2, 0.0]
        let together = try film.frames(at: times)
        for (t, frame) in zip(times, together) { XCTAssertEqual(try film.frame(at: t), frame, "t = \(t)") }
        let source = try film.frameSource()
        let cursor = try source.makeCursor()
        let format = source.format
        var pixels = [UInt8](repeating: 0, count: format.bytesPerFrame)
        for index in [3, 15, 20] {
            try pixels.withUnsafeMutableBytes { try cursor.draw(frame: index, into: $0) }
            XCTAssertEqual(pixels, try film.frame(at: film.time(ofFrame: index)).packedBGRA(), "frame \(index)")
        }
    }

    func testBoomerangPlaysTheEntranceBackwards() throws {
        let film = try cornerFilm(loop: .boomerang)
        let mirror = try XCTUnwrap(film.phases.reverseFrom)
        XCTAssertEqual(mirror, film.phases.inEnd, accuracy: 1e-9)
        XCTAssertEqual(try film.frame(at: mirror + 0.3), try film.frame(at: mirror - 0.3))
        XCTAssertNotEqual(try film.frame(at: 0.1), try film.frame(at: mirror))
    }

    func testAnimationsOnAnotherClockAreAnError() {
        XCTAssertThrowsError(try Film(size: CGSize(width: 100, height: 100),
                                      root: { tileGrid() },
                                      choreography: { root in
                                          Loop.shared.makeCurrent { _ = root.spruce.animate([.fadeIn]) }
                                      })) { error in
            guard case .animationOffClock = error as? FilmError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("Loop.shared"))
        }
    }

    func testAChoreographyThatAnimatesNothingIsAnError() {
        XCTAssertThrowsError(try Film(size: CGSize(width: 100, height: 100), root: { tileGrid() }, choreography: { _ in })) {
            XCTAssertEqual($0 as? FilmError, .nothingAnimates)
        }
    }

    func testInHoldOutRunsTheExitAfterTheHold() throws {
        let exit: FilmExit = { root in root.subviews.forEach { v in v.animate(withDuration: 0.2, changes: { $0.alpha = 0 }) } }
        let film = try Film(size: CGSize(width: 160, height: 160), framesPerSecond: 25, loop: .inHoldOut(hold: 0.4, exit: exit),
                            root: { tileGrid() },
                            choreography: { _ = $0.spruce.animate([.fadeIn], duration: 0.3) })
        let out = try XCTUnwrap(film.phases.animateOut)
        XCTAssertEqual(out, film.phases.inEnd + 0.4, accuracy: 1e-9)
        XCTAssertEqual(film.duration, out + 0.2, accuracy: 1.0 / 25 + 1e-9, "the exit's settling time, to the frame")
        let held = try film.frame(at: out), gone = try film.frame(at: film.duration)
        XCTAssertEqual(held.pixel(x: 30, y: 30).a, 255)
        XCTAssertTrue(gone.pixel(x: 30, y: 30) == (255, 255, 255, 255))
    }

    func testWritesEveryOutputThroughOnePipeline() throws {
        let scratch = try Scratch()
        let film = try cornerFilm(fps: 25)
        for name in ["f.gif", "f.mp4", "f.webm", "f.png", "t.json"] { try film.write(to: scratch.path(name)) }
        try film.write(to: URL(fileURLWithPath: scratch.path("frames").path + "/", isDirectory: true))
        let frames = try FileManager.default.contentsOfDirectory(atPath: scratch.path("frames").path).filter { $0.hasSuffix(".png") }
        XCTAssertEqual(frames.count, film.frameCount)
        let still = try Bitmap(contentsOfFile: scratch.path("f.png").path)
        XCTAssertEqual(still, try film.frame(at: film.phases.inEnd))
        let mp4 = try Media.probe(scratch.path("f.mp4"))
        XCTAssertEqual(mp4.stream["nb_frames"] as? String, "\(film.frameCount)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.path("t.json"))) as? [String: Any]
        XCTAssertEqual((json?["views"] as? [Any])?.count, 9)
        XCTAssertThrowsError(try film.write(to: scratch.path("late.png"), as: .png(at: film.duration + 1)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("late.png").path))
    }
}
