import Foundation
import Geometry
import XCTest
@testable import Advance

final class AnimatorTests: XCTestCase {
    /// Advance's AnimationTests: 0 → 10 over 2 s, linear, sampled every 0.1 s.
    func testTimedAnimationSampledEveryTenthOfASecond() {
        let loop = Loop(frameDuration: 0.1)
        let animator = Animator(initialValue: 0.0, loop: loop)
        animator.animate(to: 10, duration: 2, timingFunction: .linear)
        XCTAssertEqual(animator.state, .animating)
        while loop.time < 2 - 1e-9 {
            loop.advance()
            guard loop.time < 2 else { break }
            XCTAssertEqual(animator.state, .animating, "not finished at \(loop.time)")
            XCTAssertEqual(animator.value, 0.0.interpolated(to: 10, alpha: loop.time / 2), "at \(loop.time)")
            XCTAssertEqual(animator.value, loop.time * 5, accuracy: 1e-12)
        }
        loop.advance()
        XCTAssertEqual(animator.state, .atRest)
        XCTAssertEqual(animator.value, 10)
    }

    func testTimedAnimationsFinishOnTargetValueAndReportFinished() {
        let loop = Loop(framesPerSecond: 60)
        let animator = Animator(initialValue: 0.0, loop: loop)
        var sawTarget = false, results: [AnimationResult] = [], global: [AnimationResult] = []
        animator.onChange = { if $0 == 10 { sawTarget = true } }
        animator.onCompletion = { global.append($0) }
        animator.animate(to: 10, duration: 1) { results.append($0) }
        loop.advance(to: 1.5)
        XCTAssertTrue(sawTarget)
        XCTAssertEqual(results, [.finished])
        XCTAssertEqual(global, [.finished])
        XCTAssertEqual(animator.velocity, 0)
    }

    func testDefaultTimingIsSwiftOutAndEpsilonFollowsDuration() {
        let loop = Loop(framesPerSecond: 10)
        let animator = Animator(initialValue: 0.0, loop: loop)
        animator.animate(to: 1, duration: 2)
        loop.advance(frames: 5)
        XCTAssertEqual(animator.value, TimingFunction.swiftOut.solve(at: 0.25, epsilon: 1 / 2000.0))
    }

    func testCancelRunningAnimationRemainsOnCurrentValue() {
        let loop = Loop(framesPerSecond: 60)
        let animator = Animator(initialValue: 0.0, loop: loop)
        var result: AnimationResult?
        animator.animate(to: 10, duration: 1) { result = $0 }
        loop.advance(to: 0.5)
        let halfway = animator.value
        XCTAssertGreaterThan(halfway, 5)
        XCTAssertLessThan(halfway, 10)
        animator.cancelRunningAnimation()
        XCTAssertEqual(result, .interrupted)
        XCTAssertEqual(animator.state, .atRest)
        loop.advance(frames: 60)
        XCTAssertEqual(animator.value, halfway)
        XCTAssertEqual(animator.velocity, 0)
    }

    /// Advance's SpringTests: tension 500, damping 40, threshold 0.01 reaches exactly 10.
    func testSpringReachesExactlyItsTarget() throws {
        let loop = Loop(framesPerSecond: 60)
        let spring = Spring(initialValue: 0.0, loop: loop)
        spring.tension = 500
        spring.damping = 40
        spring.threshold = 0.01
        var reached = false
        spring.onChange = { if $0 == 10 { reached = true } }
        spring.target = 10
        let settle = try XCTUnwrap(SpringFunction(target: 10.0, tension: 500, damping: 40, threshold: 0.01).settlingTime(from: 0))
        var frames = 0
        while spring.isRunning { loop.advance(); frames += 1 }
        XCTAssertTrue(reached)
        XCTAssertEqual(spring.value, 10)
        XCTAssertEqual(spring.velocity, 0)
        // Rest arrives at the first frame later than settlingTime − one substep.
        XCTAssertGreaterThan(loop.time, settle - simulationTick)
        XCTAssertLessThanOrEqual(loop.time - loop.frameDuration, settle - simulationTick)
    }

    /// Advance's decay: comes to rest near x0 + v0/drag.
    func testDecayComesToRestNearAnalyticEndpoint() {
        let loop = Loop(framesPerSecond: 60)
        let animator = Animator(initialValue: 5.0, loop: loop)
        var result: AnimationResult?
        animator.simulate(using: DecayFunction(drag: 3), initialVelocity: 100) { result = $0 }
        XCTAssertEqual(animator.state, .simulating)
        loop.advance(frames: 600)
        XCTAssertEqual(result, .finished)
        // Once |v| < 0.1 is left, at most 0.1/3 more would have been travelled.
        XCTAssertEqual(animator.value, 5 + 100.0 / 3, accuracy: 0.1 / 3)
        XCTAssertLessThan(animator.value, 5 + 100.0 / 3)
    }

    func testTimedAnimationHandsItsVelocityToASpring() {
        let loop = Loop(framesPerSecond: 60)
        let animator = Animator(initialValue: 0.0, loop: loop)
        animator.animate(to: 10, duration: 1, timingFunction: .linear)
        loop.advance(frames: 30)
        XCTAssertEqual(animator.velocity, 10, accuracy: 1e-9, "backward difference of a linear ramp")
        var result: AnimationResult?
        animator.animate(to: 10, duration: 1, timingFunction: .linear) { result = $0 }
        loop.advance(frames: 2)
        let before = animator.value
        animator.simulate(using: SpringFunction(target: before)) // spring anchored where it is
        XCTAssertEqual(result, .interrupted)
        XCTAssertEqual(animator.state, .simulating)
        XCTAssertGreaterThan(animator.velocity, 0.1)
        loop.advance()
        XCTAssertGreaterThan(animator.value, before, "the motion carries on past the anchor")
        // Starting the same spring with zero velocity stays put instead.
        let still = Animator(initialValue: before, loop: loop)
        still.simulate(using: SpringFunction(target: before))
        loop.advance()
        XCTAssertEqual(still.value, before)
    }

    func testSimulateWithInitialVelocityOverridesAndWithoutKeeps() {
        let loop = Loop(framesPerSecond: 60)
        let a = Animator(initialValue: 0.0, loop: loop)
        a.simulate(using: SpringFunction(target: 1.0), initialVelocity: -5)
        XCTAssertEqual(a.velocity, -5)
        loop.advance(frames: 3)
        let v = a.velocity
        a.simulate(using: SpringFunction(target: 2.0)) // keeps the running state
        XCTAssertEqual(a.velocity, v)
    }

    func testOnChangeFiresOnlyOnChanges() {
        let loop = Loop(framesPerSecond: 30)
        let animator = Animator(initialValue: 1.0, loop: loop)
        var count = 0
        animator.onChange = { _ in count += 1 }
        animator.value = 1
        XCTAssertEqual(count, 0)
        animator.animate(to: 1, duration: 0.5)
        loop.advance(frames: 30)
        XCTAssertEqual(count, 0, "animating to the current value changes nothing")
        animator.value = 2
        XCTAssertEqual(count, 1)
        loop.advance(frames: 5)
        XCTAssertEqual(count, 1, "nothing at rest")
    }

    func testNewAnimationInterruptsThePreviousOne() {
        let loop = Loop(framesPerSecond: 30)
        let animator = Animator(initialValue: 0.0, loop: loop)
        var log: [String] = []
        animator.animate(to: 1, duration: 1) { log.append("first \($0)") }
        loop.advance()
        animator.simulate(using: SpringFunction(target: 2.0)) { log.append("second \($0)") }
        animator.value = 3
        XCTAssertEqual(log, ["first interrupted", "second interrupted"])
        animator.animate(to: 4, duration: 0) { log.append("third \($0)") }
        loop.advance()
        XCTAssertEqual(log.last, "third finished")
        XCTAssertEqual(animator.value, 4)
    }

    func testAnimatesColorsRectsAndTransforms() {
        let loop = Loop(framesPerSecond: 30)
        let color = Animator(initialValue: Color.black, loop: loop)
        color.animate(to: .white, duration: 1, timingFunction: .linear)
        loop.advance(to: 0.5)
        XCTAssertEqual(color.value.red, 0.5, accuracy: 1e-12)
        let transform = Animator(initialValue: CGAffineTransform(rotationAngle: 170 * .pi / 180), loop: loop)
        let target = CGAffineTransform(rotationAngle: -170 * .pi / 180)
        var angles: [Double] = []
        transform.onChange = { angles.append(atan2(Double($0.b), Double($0.a))) }
        transform.simulate(using: SpringFunction(target: target))
        loop.advance(frames: 120)
        XCTAssertEqual(transform.value, target, "rests on the exact target")
        // The spring went the short way, through 180°: never near 0°.
        XCTAssertFalse(angles.isEmpty)
        XCTAssertTrue(angles.allSatisfy { abs($0) > 2.5 }, "\(angles.map { $0 * 180 / .pi })")
    }

    func testSpringPropertiesRestartKeepingVelocity() {
        let loop = Loop(framesPerSecond: 60)
        let spring = Spring(initialValue: CGPoint.zero, loop: loop)
        spring.target = CGPoint(x: 100, y: 0)
        loop.advance(frames: 5)
        let v = spring.velocity
        XCTAssertGreaterThan(v.x, 0)
        spring.tension = 200
        XCTAssertEqual(spring.velocity, v)
        spring.damping = 5
        spring.threshold = 0.5
        XCTAssertEqual(spring.velocity, v)
        spring.reset(to: CGPoint(x: 3, y: 4))
        XCTAssertFalse(spring.isRunning)
        XCTAssertEqual(spring.value, CGPoint(x: 3, y: 4))
        XCTAssertEqual(spring.target, CGPoint(x: 3, y: 4))
        spring.velocity = CGPoint(x: 0, y: 50)
        loop.advance()
        XCTAssertGreaterThan(spring.value.y, 4)
    }
}
