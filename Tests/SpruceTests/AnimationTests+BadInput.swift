import Advance
import Foundation
@testable import Spruce
import XCTest

/// Bad animation parameters and broken sort functions: named by the checked calls, never a crash.
extension AnimationTests {
    func testBadAnimationParametersThrow() {
        XCTAssertThrowsError(try SpringAnimation.validated(duration: .nan)) { XCTAssertEqual("\($0)", "duration must be a finite number in range, got nan") }
        XCTAssertThrowsError(try SpringAnimation.validated(duration: -1))
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.5, damping: 0)) { XCTAssertEqual("\($0)", "damping must be a finite number in range, got 0.0") }
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.5, initialVelocity: .infinity))
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.5, damping: 16)) {
            XCTAssertEqual($0 as? SpruceError, .springTooStiff(duration: 0.5, damping: 16))
        }
        XCTAssertThrowsError(try SpringAnimation.validated(duration: 0.01))
        XCTAssertNoThrow(try SpringAnimation.validated(duration: 0.045))
        XCTAssertNoThrow(try SpringAnimation.validated(duration: 22.592, damping: 16))
        XCTAssertThrowsError(try StandardAnimation.validated(duration: -0.1)) { XCTAssertEqual("\($0)", "duration must be a finite number in range, got -0.1") }
        XCTAssertNoThrow(try StandardAnimation.validated(duration: 0))
    }

    /// Bad input through the engine: the plain call never traps, the checked call names the problem.
    func testBadChoreographyInputIsReportedNotCrashing() throws {
        struct BrokenSort: SortFunction {
            func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
                view.subviews.enumerated().map { TimedView(spruceView: $1, timeOffset: $0 == 0 ? .nan : -1) }
            }
        }
        let loop = Loop(framesPerSecond: 60)
        let grid = makeGrid(rows: 1, columns: 2)
        let anim = StandardAnimation(duration: 0.1, changes: { $0.alpha = 0.5 })
        try loop.makeCurrent {
            XCTAssertThrowsError(try grid.spruce.checkedAnimate(withSortFunction: BrokenSort(), animation: anim)) {
                XCTAssertEqual("\($0)", "sort function produced time offset nan for view #0; offsets must be finite and ≥ 0")
            }
            XCTAssertThrowsError(try grid.spruce.checkedAnimate(withSortFunction: DefaultSortFunction(), animation: anim,
                                                               recursiveDepth: -2)) {
                XCTAssertEqual("\($0)", "recursiveDepth must be ≥ 0 (Int.max means all levels), got -2")
            }
            let choreo = grid.spruce.animate(withSortFunction: BrokenSort(), animation: anim, recursiveDepth: -2)
            XCTAssertEqual(choreo.timings.map(\.start), [0, 0], "unusable offsets start at once, depth -2 counts as 0")
        }
        loop.advance(to: 1)
        XCTAssertEqual(grid.subviews.map(\.alpha), [0.5, 0.5])
    }
}
