import Advance
import Foundation
@testable import Spruce
import XCTest

/// When a choreography's completion fires: once, after the last view, with excluded views and with none.
extension AnimationTests {
    func testCompletionFiresExactlyOnceAfterTheLastView() {
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid()
        var calls: [(Double, Bool)] = []
        loop.makeCurrent {
            grid.spruce.animate([.fadeIn], sortFunction: CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.1)) {
                calls.append((loop.time, $0))
            }
        }
        loop.advance(to: 1.0)
        XCTAssertEqual(calls.count, 0)
        loop.advance(to: 1.2)  // last view starts at 0.8, ends at 1.1
        XCTAssertEqual(calls.count, 1)
        XCTAssertEqual(calls[0].0, 1.1, accuracy: 1 / 60 + 1e-9)
        XCTAssertTrue(calls[0].1)
        loop.advance(to: 5)
        XCTAssertEqual(calls.count, 1)
    }

    func testExcludedViewsAndCompletionStillFires() {
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid()
        var fired = 0
        let excluded = [grid.subviews[24], grid.subviews[0]]
        let choreo = loop.makeCurrent {
            grid.spruce.animate(withSortFunction: LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.1),
                                prepare: { $0.alpha = 0 }, animation: StandardAnimation(duration: 0.2, changes: { $0.alpha = 1 }),
                                exclude: excluded) { _ in fired += 1 }
        }
        XCTAssertEqual(choreo.timings.count, 23)
        XCTAssertEqual(grid.subviews[24].alpha, 1, "excluded views are not prepared")
        loop.advance(to: 2)
        XCTAssertEqual(fired, 1, "FIX: the original never calls completion when the last view is excluded")
    }

    func testNoViewsCompletesAtTheNextFrame() {
        let loop = Loop(framesPerSecond: 60)
        var fired = false
        loop.makeCurrent { View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).spruce.animate([.fadeIn]) { fired = $0 } }
        XCTAssertFalse(fired)
        loop.advance()
        XCTAssertTrue(fired)
    }
}
