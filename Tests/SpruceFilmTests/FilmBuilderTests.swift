import Foundation
import Spruce
import SpruceFilm
import SpruceRender
import XCTest

/// What the one film builder does for every front end: the fade of `in-hold-fade` and the order of the timings.
final class FilmBuilderTests: XCTestCase {
    /// The first tile stays out of the entrance; the rest fade in and, after the hold, fade out together.
    func fadeFilm() throws -> Film {
        try Film(size: CGSize(width: 160, height: 160), framesPerSecond: 25, loop: .inHoldFade(hold: 0.2, fade: 0.3),
                 root: { tileGrid() },
                 choreography: { root in
                     root.spruce.animate(withSortFunction: LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.05),
                                         prepare: { $0.alpha = 0 }, animation: StandardAnimation(duration: 0.2, changes: { $0.alpha = 1 }),
                                         exclude: [root.subviews[0]])
                 })
    }

    /// `in-hold-fade` fades the views the entrance animated, as scene files always did; a view the entrance left
    /// alone stays (the fade took every subview of the root).
    func testTheFadeTakesTheViewsTheEntranceAnimated() throws {
        let film = try fadeFilm()
        let out = try XCTUnwrap(film.phases.animateOut)
        XCTAssertEqual(film.duration, out + 0.3, accuracy: 1e-9)
        let held = try film.frame(at: out), end = try film.frame(at: film.duration)
        let first = (x: 30, y: 30), second = (x: 80, y: 30)
        XCTAssertFalse(held.pixel(x: first.x, y: first.y) == (255, 255, 255, 255))
        XCTAssertTrue(end.pixel(x: first.x, y: first.y) == held.pixel(x: first.x, y: first.y), "the left-out tile is still there")
        XCTAssertTrue(end.pixel(x: second.x, y: second.y) == (255, 255, 255, 255), "an animated tile has faded")
        XCTAssertFalse(held.pixel(x: second.x, y: second.y) == (255, 255, 255, 255), "it was there before the fade")
    }

    /// Several `animate` calls: the timings list each call's views, in the order the calls were made (as a scene's
    /// choreographies are listed), not interleaved by start.
    func testTimingsFollowTheCallsInTheOrderMade() throws {
        let film = try Film(size: CGSize(width: 160, height: 160), framesPerSecond: 25, loop: .in,
                            root: { tileGrid() },
                            choreography: { root in
                                let top = Array(root.subviews.prefix(3)), rest = Array(root.subviews.dropFirst(3))
                                for (animated, delay) in [(rest, 0.1), (top, 0.07)] {
                                    root.spruce.animate(withSortFunction: LinearSortFunction(direction: .leftToRight, interObjectDelay: delay),
                                                        prepare: { $0.alpha = 0 },
                                                        animation: StandardAnimation(duration: 0.2, changes: { $0.alpha = 1 }),
                                                        exclude: root.subviews.filter { v in !animated.contains { $0 === v } })
                                }
                            })
        XCTAssertEqual(film.timings.map(\.view), ["tile-1-0", "tile-2-0", "tile-1-1", "tile-2-1", "tile-1-2", "tile-2-2",
                                                  "tile-0-0", "tile-0-1", "tile-0-2"])
        for (start, expected) in zip(film.timings.map(\.start), [0, 0, 0.1, 0.1, 0.2, 0.2, 0, 0.07, 0.14]) {
            XCTAssertEqual(start, expected, accuracy: 1e-9)
        }
    }
}
