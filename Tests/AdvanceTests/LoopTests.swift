import Foundation
import XCTest
@testable import Advance

final class LoopTests: XCTestCase {
    func testFrameTimesAreExactMultiples() {
        let loop = Loop(framesPerSecond: 30)
        XCTAssertEqual(loop.time, 0)
        loop.advance(frames: 3)
        XCTAssertEqual(loop.frameIndex, 3)
        XCTAssertEqual(loop.time, 0.1)
        loop.advance(frames: 297)
        XCTAssertEqual(loop.time, 10)
        let byDuration = Loop(frameDuration: 0.25)
        byDuration.advance(to: 1)
        XCTAssertEqual(byDuration.frameIndex, 4)
        XCTAssertEqual(byDuration.time, 1)
    }

    func testAdvanceToBetweenFramesStopsAtThatTime() {
        let loop = Loop(framesPerSecond: 10)
        let a = Animator(initialValue: 0.0, loop: loop)
        a.animate(to: 1, duration: 1, timingFunction: .linear)
        loop.advance(to: 0.25)
        XCTAssertEqual(loop.frameIndex, 2)
        XCTAssertEqual(loop.time, 0.25)
        XCTAssertEqual(a.value, 0.25, accuracy: 1e-12)
        loop.advance()
        XCTAssertEqual(loop.time, 0.3, accuracy: 1e-15)
        XCTAssertEqual(a.value, 0.3, accuracy: 1e-12)
    }

    /// The checked form steps exactly like `advance(to:)`, asks once before each whole frame, and an error
    /// stops it on the frame reached.
    func testCheckedAdvanceStepsTheSameAndStopsOnAnError() throws {
        struct Stop: Error {}
        let plain = Loop(framesPerSecond: 10), checked = Loop(framesPerSecond: 10)
        let a = Animator(initialValue: 0.0, loop: plain), b = Animator(initialValue: 0.0, loop: checked)
        a.animate(to: 1, duration: 1, timingFunction: .easeInOut)
        b.animate(to: 1, duration: 1, timingFunction: .easeInOut)
        plain.advance(to: 0.45)
        var checks = 0
        checked.advance(to: 0.45) { checks += 1 }
        XCTAssertEqual(checks, 4, "frames 1...4, then the part-frame to 0.45")
        XCTAssertEqual(checked.time, plain.time)
        XCTAssertEqual(b.value.bitPattern, a.value.bitPattern)

        let stopped = Loop(framesPerSecond: 10)
        XCTAssertThrowsError(try stopped.advance(to: 2) { if stopped.frameIndex == 7 { throw Stop() } })
        XCTAssertEqual(stopped.frameIndex, 7)
        XCTAssertEqual(stopped.time, 0.7, accuracy: 1e-15)
    }

    /// A whole scene run twice gives the same values bit for bit.
    func testTwoRunsAreBitIdentical() {
        func run() -> [UInt64] {
            let loop = Loop(framesPerSecond: 24)
            var trace: [UInt64] = []
            var animators: [Animator<CGPoint>] = []
            for i in 0..<20 {
                let a = Animator(initialValue: CGPoint(x: Double(i), y: 0), loop: loop)
                animators.append(a)
                loop.schedule(at: Double(i) * 0.037) {
                    if i % 3 == 0 {
                        a.animate(to: CGPoint(x: 100, y: Double(i)), duration: 0.4, timingFunction: .easeOutBack)
                    } else {
                        a.simulate(using: SpringFunction(target: CGPoint(x: 50, y: -20), tension: 200 + Double(i), damping: 10),
                                   initialVelocity: CGPoint(x: Double(i) * 7, y: 3))
                    }
                }
            }
            for _ in 0..<120 {
                loop.advance()
                for a in animators { trace += [a.value.x.bitPattern, a.value.y.bitPattern].map { UInt64($0) } }
            }
            return trace
        }
        let first = run()
        XCTAssertEqual(first, run())
        XCTAssertEqual(first.count, 120 * 20 * 2)
    }

    /// An animation started by a callback at 0.05 s (between 30 fps frames) is evaluated from 0.05 s.
    func testScheduledStartIsSubFrameAccurate() {
        let loop = Loop(framesPerSecond: 30)
        let a = Animator(initialValue: 0.0, loop: loop)
        var firedAt: Double?
        loop.schedule(at: 0.05) {
            firedAt = loop.time
            a.animate(to: 1, duration: 0.5, timingFunction: .linear)
        }
        loop.advance()
        XCTAssertNil(firedAt)
        XCTAssertEqual(a.value, 0)
        loop.advance()
        XCTAssertEqual(firedAt, 0.05)
        XCTAssertEqual(a.value, (loop.time - 0.05) / 0.5, accuracy: 1e-12)
        loop.advance()
        XCTAssertEqual(a.value, (0.1 - 0.05) / 0.5, accuracy: 1e-12)

        // The same for a spring: at 30 fps and at 120 fps it follows the same curve from 0.05 s.
        func springValue(fps: Double, at t: Double) -> Double {
            let loop = Loop(framesPerSecond: fps)
            let s = Animator(initialValue: 0.0, loop: loop)
            loop.schedule(at: 0.05) { s.simulate(using: SpringFunction(target: 1.0)) }
            loop.advance(to: t)
            return s.value
        }
        let exact = DampedOscillator(k: 120, c: 12, x0: 0, target: 1)
        for fps in [24.0, 30, 60, 120] {
            XCTAssertEqual(springValue(fps: fps, at: 0.5), exact.position(at: 0.45), accuracy: 1e-3, "fps \(fps)")
        }
    }

    func testCallbacksFireInTimeThenSchedulingOrder() {
        let loop = Loop(framesPerSecond: 10)
        var log: [String] = []
        loop.schedule(at: 0.05) { log.append("b@\(loop.time)") }
        loop.schedule(at: 0.02) { log.append("a@\(loop.time)") }
        loop.schedule(at: 0.05) { log.append("c@\(loop.time)") }
        loop.schedule(at: 0.1) { log.append("d@\(loop.time)") }
        loop.schedule(at: 0.15) { log.append("e") }
        loop.advance()
        XCTAssertEqual(log, ["a@0.02", "b@0.05", "c@0.05", "d@0.1"])
    }

    func testLateCallbacksFireOnTheNextAdvanceAtTheCurrentTime() {
        let loop = Loop(framesPerSecond: 10)
        loop.advance(frames: 2)
        var log: [String] = []
        loop.schedule(at: 0.1) { log.append("late@\(loop.time)") }
        loop.schedule(after: 0) { log.append("now@\(loop.time)") }
        loop.schedule(after: 0.05) {
            log.append("mid@\(loop.time)")
            loop.schedule(after: 0) { log.append("same-time@\(loop.time)") }
            loop.schedule(after: 0.01) { log.append("later@\(loop.time)") }
        }
        XCTAssertTrue(log.isEmpty)
        loop.advance()
        XCTAssertEqual(log, ["late@0.2", "now@0.2", "mid@0.25", "later@0.26"])
        loop.advance()
        XCTAssertEqual(log.last, "same-time@0.3")
    }

    func testCancelledCallbacksNeverFireAndIdleness() {
        let loop = Loop(framesPerSecond: 10)
        var fired = false
        let handle = loop.schedule(at: 0.3) { fired = true }
        XCTAssertFalse(loop.isIdle)
        handle.cancel()
        XCTAssertTrue(loop.isIdle)
        loop.advance(frames: 5)
        XCTAssertFalse(fired)
        XCTAssertFalse(handle.hasFired)
        let a = Animator(initialValue: 0.0, loop: loop)
        a.animate(to: 1, duration: 0.2)
        XCTAssertEqual(loop.runningAnimatorCount, 1)
        XCTAssertFalse(loop.isIdle)
        loop.advance(frames: 3)
        XCTAssertTrue(loop.isIdle)
    }

    func testRunningAnimatorsAreRetainedUntilTheyFinish() {
        let loop = Loop(framesPerSecond: 30)
        var result: AnimationResult?
        weak var weakAnimator: Animator<Double>?
        do {
            let a = Animator(initialValue: 0.0, loop: loop)
            weakAnimator = a
            a.animate(to: 1, duration: 0.2) { result = $0 }
        }
        XCTAssertNotNil(weakAnimator)
        loop.advance(frames: 10)
        XCTAssertEqual(result, .finished)
        XCTAssertNil(weakAnimator, "released once at rest")
    }

    func testManyAnimatorsAdvance() {
        // Functional check of the many-animator path (no timing assertion; debug builds are slow).
        let loop = Loop(framesPerSecond: 60)
        var finished = 0
        let animators = (0..<2_000).map { i -> Animator<Double> in
            let a = Animator(initialValue: 0.0, loop: loop)
            a.simulate(using: SpringFunction(target: 1.0), initialVelocity: Double(i % 7)) { _ in finished += 1 }
            return a
        }
        loop.advance(frames: 10)
        XCTAssertEqual(loop.runningAnimatorCount, 2_000)
        loop.advance(frames: 300)
        XCTAssertEqual(finished, 2_000)
        XCTAssertTrue(animators.allSatisfy { $0.value == 1 })
    }
}
