import Advance
import Foundation
@testable import Spruce
import XCTest

/// The spring animation: UIKit's duration and damping mapped onto a spring, its overshoot and settling.
extension AnimationTests {
    func testSpringAnimationMappingAndOvershoot() {
        let spring = SpringAnimation(duration: 0.5)
        XCTAssertEqual(spring.damping, 0.5)
        XCTAssertEqual(spring.initialVelocity, 0.7)
        let omega = log(1000.0) / (0.5 * 0.5)
        XCTAssertEqual(spring.springParameters.tension, omega * omega, accuracy: 1e-9)
        XCTAssertEqual(spring.springParameters.damping, omega * 0.5 * 2, accuracy: 1e-9)
        XCTAssertEqual(spring.springParameters.dampingRatio, 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.expectedDuration, 0.5, accuracy: 0.15, "settles about when asked")

        let loop = Loop(framesPerSecond: 120)
        let root = makeGrid(rows: 1, columns: 1)
        var peak: CGFloat = 0
        loop.makeCurrent { root.spruce.animate([.expand(.toScale(0.1))], animationType: spring, sortFunction: DefaultSortFunction()) }
        var finishedAt: Double?
        while loop.time < 2 {
            loop.advance()
            peak = max(peak, root.subviews[0].transform.a)
            if finishedAt == nil, root.subviews[0].runningAnimations.isEmpty { finishedAt = loop.time }
        }
        XCTAssertGreaterThan(peak, 1.1, "ζ = 0.5 overshoots")
        XCTAssertEqual(root.subviews[0].transform, .identity, "snaps exactly onto the target")
        XCTAssertEqual(finishedAt ?? 0, spring.expectedDuration, accuracy: 1 / 120 + 1e-9)

        let stiff = SpringAnimation(duration: 0.5)
        var critical = stiff
        critical.damping = 1
        XCTAssertGreaterThan(critical.springParameters.tension, 0)
        XCTAssertEqual(critical.springParameters.dampingRatio, 1, accuracy: 1e-12)
    }

    /// A spring of more than a minute's motion is not followed frame by frame: it lasts its clock-free time, on the
    /// loop's clock. At 0.1 fps a frame simulates 0.08 s, so its 100 s last 12,500 s of film (a film refuses that,
    /// rather than end while the views still move); from 12.5 fps up they last 100 s.
    func testASpringLongerThanTheSearchLastsItsTimeOnTheLoopsClock() {
        let slow = SpringAnimation(duration: 100)
        XCTAssertGreaterThan(slow.expectedDuration, 60)
        XCTAssertEqual(slow.expectedDuration(startingAt: 0, on: Loop(framesPerSecond: 25)), slow.expectedDuration)
        XCTAssertEqual(slow.expectedDuration(startingAt: 0, on: Loop(framesPerSecond: 0.1)), slow.expectedDuration * 125,
                       accuracy: 1e-6)
    }
}
