import Advance
import Foundation
import Spruce
import XCTest

// Every code snippet of the first Spruce README (1.0), verbatim apart from `UIView` spelled `View` and the
// placeholder `let yourView = // …` given a real view; one test per snippet, named after its section.
// `duration`, which two snippets use without defining, is set up before them.

@available(*, deprecated, message: "exercises Spruce 1.0's deprecated spellings")
final class Spruce1ReadmeSnippetTests: XCTestCase {
    /// Section ".spruceUp(withAnimations:)": defaults of 0.3 s a view, rows 0.05 s apart from the top.
    func testSpruceUpWithAnimations() {
        let loop = Loop(framesPerSecond: 60)
        loop.makeCurrent {
            let yourView = makeReadmeGrid()
            yourView.spruceUp(withAnimations: [.fadeIn, .slide(.up, .small), .expand(.small)])
            assertEntrance(yourView, loop: loop, perView: 0.3)
        }
    }

    /// Section ".spruceUp(withAnimations:duration:)": 0.3 s for each view, not for all of them.
    func testSpruceUpWithAnimationsDuration() {
        let loop = Loop(framesPerSecond: 60)
        loop.makeCurrent {
            let yourView = makeReadmeGrid()
            yourView.spruceUp(withAnimations: [.fadeIn, .slide(.up, .small), .expand(.small)], duration: 0.3)
            assertEntrance(yourView, loop: loop, perView: 0.3)
        }
    }

    /// Section ".spruceUp(withAnimations:duration:animationType:)": the animation type's own duration rules.
    func testSpruceUpWithAnimationsDurationAnimationType() {
        let loop = Loop(framesPerSecond: 60)
        let duration: TimeInterval = 0.6
        loop.makeCurrent {
            let yourView = makeReadmeGrid()
            let animation = StandardAnimation(duration: duration)
            yourView.spruceUp(withAnimations: [.fadeIn, .slide(.up, .small), .expand(.small)], duration: 0.3, animationType: animation)
            assertEntrance(yourView, loop: loop, perView: 0.6)
        }
    }

    /// Section ".spruceUp(withAnimations:duration:sortFunction:)" (its snippet passes `animationType:` too).
    func testSpruceUpWithAnimationsDurationSortFunction() {
        let loop = Loop(framesPerSecond: 60)
        let duration: TimeInterval = 0.3
        loop.makeCurrent {
            let yourView = makeReadmeGrid()
            let animation = StandardAnimation(duration: duration)
            let sortFunction = LinearSortFunction(direction: .topToBottom, interObjectDelay: 0.05)
            yourView.spruceUp(withAnimations: [.fadeIn, .slide(.up, .small), .expand(.small)], duration: 0.3, animationType: animation, sortFunction: sortFunction)
            assertEntrance(yourView, loop: loop, perView: 0.3)
        }
    }

    /// 1.0's sizes are 2.x's: small, medium, large = slightly, moderately, severely.
    func testSpruceSizesAreTheNamedDistances() {
        let pairs: [(SpruceStandardAnimation, StockAnimation)] = [
            (.slide(.up, .small), .slide(.up, .slightly)), (.slide(.left, .medium), .slide(.left, .moderately)),
            (.slide(.down, .large), .slide(.down, .severely)), (.spin(.medium), .spin(.moderately)),
            (.expand(.small), .expand(.slightly)), (.contract(.large), .contract(.severely)),
        ]
        for (old, new) in pairs {
            XCTAssertEqual(old.slideOffset, new.slideOffset)
            XCTAssertEqual(old.spinAngle, new.spinAngle)
            XCTAssertEqual(old.scale, new.scale)
        }
        XCTAssertEqual(SpruceStandardAnimation.slide(.up, .small).slideOffset, CGPoint(x: 0, y: 10))
        XCTAssertEqual(SpruceStandardAnimation.expand(.small).scale, 0.9)
    }
}

/// The 1.0 README's entrance on `makeReadmeGrid()`: prepared at once (transparent, 10 points down, at 0.9),
/// rows starting 0.05 s apart, each view taking `perView` seconds.
@available(*, deprecated)
func assertEntrance(_ grid: View, loop: Loop, perView: Double, file: StaticString = #filePath, line: UInt = #line) {
    let prepared = CGAffineTransform(translationX: 0, y: 10).concatenating(CGAffineTransform(scaleX: 0.9, y: 0.9))
    for v in grid.subviews {
        XCTAssertEqual(v.alpha, 0, file: file, line: line)
        XCTAssertEqual(v.transform, prepared, file: file, line: line)
    }
    loop.advance(to: 0.04)
    XCTAssertGreaterThan(grid.subviews[0].alpha, 0, "the top row starts at once", file: file, line: line)
    XCTAssertEqual(grid.subviews[3].alpha, 0, "the second row starts at 0.05 s", file: file, line: line)
    loop.advance(to: 0.1 + perView - 0.02)
    XCTAssertLessThan(grid.subviews[6].alpha, 1, "the last row is still moving", file: file, line: line)
    loop.advance(to: 0.1 + perView + 0.02)
    assertAtRest(grid, file: file, line: line)
}
