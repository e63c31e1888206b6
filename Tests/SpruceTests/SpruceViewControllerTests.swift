import Advance
import Foundation
import Spruce
import XCTest

/// Spruce 1.0's `SpruceViewController`, headless: a subclass as the README describes it.
final class SpruceViewControllerTests: XCTestCase {
    /// A ported 1.0 subclass: variables set before `super.viewDidLoad()`, `super` calls kept.
    final class ListViewController: SpruceViewController {
        var loaded = 0, appeared = 0

        override func viewDidLoad() {
            view = makeReadmeGrid()
            animationView = view
            animations = [.fadeIn, .slide(.up, .moderately)]
            duration = 0.4
            animationType = StandardAnimation(duration: duration)
            sortFunction = LinearSortFunction(direction: .bottomToTop, interObjectDelay: 0.1)
            super.viewDidLoad()
            loaded += 1
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            appeared += 1
        }
    }

    func testDefaultsAreSpruce1s() {
        let controller = SpruceViewController()
        XCTAssertEqual(controller.duration, 0.3)
        XCTAssertTrue(controller.animations.isEmpty)
        XCTAssertEqual((controller.animationType as? StandardAnimation)?.duration, 0.3)
        let sort = controller.sortFunction as? LinearSortFunction
        XCTAssertEqual(sort?.direction, .topToBottom)
        XCTAssertEqual(sort?.interObjectDelay, 0.05)
        XCTAssertNil(controller.animationView)
    }

    func testViewDidLoadPreparesAndViewDidAppearAnimatesOnTheCurrentLoop() {
        let loop = Loop(framesPerSecond: 30)
        let controller = ListViewController()
        controller.loadViewIfNeeded()
        controller.loadViewIfNeeded()
        XCTAssertEqual(controller.loaded, 1, "loads once")
        let grid = controller.view!
        for v in grid.subviews {
            XCTAssertEqual(v.alpha, 0, "prepared: transparent")
            XCTAssertEqual(v.transform, CGAffineTransform(translationX: 0, y: 30))
            XCTAssertFalse(v.isHidden, "fading views are shown again, starting transparent (as in 1.0)")
        }
        loop.advance(to: 1)
        XCTAssertTrue(grid.subviews.allSatisfy { $0.alpha == 0 }, "nothing moves before the view appears")

        controller.appear(on: loop)
        XCTAssertEqual(controller.appeared, 1)
        let start = loop.time
        loop.advance(to: start + 0.05)
        XCTAssertGreaterThan(grid.subviews[8].alpha, 0, "bottom row first")
        XCTAssertEqual(grid.subviews[0].alpha, 0, "top row 0.2 s later")
        loop.advance(to: start + 0.2 + 0.4 + 0.05)
        assertAtRest(grid)
        XCTAssertEqual(controller.choreography?.timings.map(\.start).max() ?? 0, 0.2, accuracy: 1e-12)
        XCTAssertTrue(controller.choreography?.isFinished == true)
    }

    /// Views that do not fade in were hidden by `viewDidLoad()`; they are shown when they animate.
    func testViewsHiddenOnLoadAreShownWhenTheyAnimate() {
        let loop = Loop(framesPerSecond: 60)
        let controller = SpruceViewController()
        controller.view = makeReadmeGrid()
        controller.animationView = controller.view
        controller.animations = [.spin(.moderately)]
        controller.loadViewIfNeeded()
        XCTAssertTrue(controller.view.subviews.allSatisfy(\.isHidden))
        controller.appear(on: loop)
        loop.advance(to: 2)
        assertAtRest(controller.view)
    }

    /// `viewDidAppear(_:)` uses `Loop.current`, so plain UIKit-style code runs on whatever loop is current.
    func testViewDidAppearRunsOnLoopCurrent() {
        let loop = Loop(framesPerSecond: 60)
        let controller = ListViewController()
        controller.loadViewIfNeeded()
        loop.makeCurrent { controller.viewDidAppear(false) }
        loop.advance(to: 2)
        assertAtRest(controller.view)
    }

    /// The seam a film is built from: the animation view and a start on any loop.
    func testStartAnimationsOnALoopWithoutAppearing() {
        let loop = Loop(framesPerSecond: 60)
        let controller = ListViewController()
        controller.loadViewIfNeeded()
        let choreography = controller.startAnimations(on: loop)
        XCTAssertEqual(choreography?.timings.count, 9)
        loop.advance(to: 2)
        assertAtRest(controller.animationView!)
        XCTAssertNil(SpruceViewController().startAnimations(on: loop), "no animation view, nothing to start")
    }
}

/// UIKit's iOS 17 spring block on a view.
final class SpringDurationAnimationTests: XCTestCase {
    func testAnimateWithSpringDurationAndBounce() {
        let loop = Loop(framesPerSecond: 60)
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var finished: Bool?
        var highest: CGFloat = 0
        loop.makeCurrent {
            view.animate(springDuration: 0.4, bounce: 0.4, delay: 0.1, changes: { $0.center.x = 105 }) { finished = $0 }
        }
        XCTAssertEqual(view.center.x, 5, "the change waits for its delay")
        while loop.time < 3 { loop.advance(); highest = max(highest, view.center.x) }
        XCTAssertEqual(finished, true)
        XCTAssertEqual(view.center.x, 105)
        XCTAssertGreaterThan(highest, 110, "bounce 0.4 overshoots")
    }
}
