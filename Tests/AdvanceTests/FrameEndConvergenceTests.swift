import Foundation
import XCTest
@testable import Advance

/// Advance checks a simulation's convergence once per display frame, after integrating all of the frame's
/// 0.008 s substeps (Sources/Advance/Internal/Simulation.swift, `advance(by:)`: the catch-up loop, then
/// `convergeIfPossible()` on the newest state). The expected frames below come from `ReferenceStepper`, a
/// re-implementation of that documented stepping written for this test (its own RK4 in Advance's
/// derivative form, with 3.1.1's correct weights), not from our engine.
final class FrameEndConvergenceTests: XCTestCase {
    struct Case { let name: String; let tension: Double; let damping: Double }
    static let springs = [
        Case(name: "soft", tension: 30, damping: 4),
        Case(name: "stiff", tension: 1000, damping: 30),
        Case(name: "overdamped", tension: 100, damping: 30),
    ]
    static let frameRates: [Double] = [25, 30, 60, 120, 125, 144, 240]

    /// Advance's frame loop for a mass-1 spring from `from` at rest to `to`, threshold `threshold`.
    struct ReferenceStepper {
        var tension: Double, damping: Double, threshold: Double, target: Double
        var x: Double, v = 0.0

        func acceleration(_ x: Double, _ v: Double) -> Double { -tension * (x - target) - damping * v }

        mutating func substep() {
            let h = 0.008
            func evaluate(_ t: Double, _ dx: Double, _ dv: Double) -> (Double, Double) {
                let nx = x + dx * t, nv = v + dv * t
                return (nv, acceleration(nx, nv))
            }
            let a = evaluate(0, 0, 0)
            let b = evaluate(h / 2, a.0, a.1)
            let c = evaluate(h / 2, b.0, b.1)
            let d = evaluate(h, c.0, c.1)
            x += h * (a.0 + 2 * (b.0 + c.0) + d.0) / 6
            v += h * (a.1 + 2 * (b.1 + c.1) + d.1) / 6
        }

        var isConverged: Bool { v * v <= threshold * threshold && (x - target) * (x - target) <= threshold * threshold }

        /// The frame (1 = the first after the start) on which it comes to rest.
        /// `checkEverySubstep` is the rule this project used before, for contrast.
        static func restFrame(_ c: Case, fps: Double, from: Double = 0, to: Double = 1, threshold: Double = 0.1,
                              checkEverySubstep: Bool = false) -> Int {
            // Time in exact integer units of 1/(125·fps) s: frame k is at 125·k, substep n at fps·n, so the
            // accumulator (clock minus the time of the newest substep) never suffers rounding.
            let rate = Int(fps)
            precondition(Double(rate) == fps && rate >= 13, "whole frame rates whose frames are under 0.08 s")
            var s = ReferenceStepper(tension: c.tension, damping: c.damping, threshold: threshold, target: to, x: from)
            var substeps = 0
            for frame in 1...100_000 {
                while 125 * frame - rate * substeps > 0 {
                    s.substep()
                    substeps += 1
                    if checkEverySubstep, s.isConverged { return frame }
                }
                if s.isConverged { return frame }
            }
            return -1
        }
    }

    /// The frame on which our `Animator` on a `Loop` comes to rest.
    func ourRestFrame(_ c: Case, fps: Double) -> (frame: Int, value: Double) {
        let loop = Loop(framesPerSecond: fps)
        let animator = Animator(initialValue: 0.0, loop: loop)
        animator.simulate(using: SpringFunction(target: 1.0, tension: c.tension, damping: c.damping))
        var frames = 0
        while animator.isRunning && frames < 100_000 { loop.advance(); frames += 1 }
        return (frames, animator.value)
    }

    func testRestFrameMatchesAdvanceForEverySpringAndFrameRate() {
        for c in Self.springs {
            for fps in Self.frameRates {
                let expected = ReferenceStepper.restFrame(c, fps: fps)
                let ours = ourRestFrame(c, fps: fps)
                XCTAssertGreaterThan(expected, 1)
                XCTAssertEqual(ours.frame, expected, "\(c.name) spring at \(fps) fps")
                XCTAssertEqual(ours.value, 1, "\(c.name) at \(fps) fps snaps onto the target")
                // The prediction a timing chart uses agrees with the run.
                let loop = Loop(framesPerSecond: fps)
                let rest = SpringFunction(target: 1.0, tension: c.tension, damping: c.damping)
                    .restingTime(from: 0, on: loop, startingAt: 0)
                XCTAssertEqual(rest, loop.time(ofFrame: expected), "\(c.name) at \(fps) fps: restingTime")
            }
        }
    }

    /// The issue's example, overdamped (100, 30) from 0 to 1 at 60 fps: Advance rests on frame 60 (t = 1 s).
    /// It converges at substep 125, which is also t = 1 s, so the per-substep rule this project used gave
    /// the same frame; the stiff spring at 30 fps is where the two rules part (frame 10 against 7: its
    /// state is within the threshold at substep 28, mid-frame, and out of it again by the frame's end).
    func testIssueExamplesRestOnAdvancesFrame() {
        let overdamped = Self.springs[2], stiff = Self.springs[1]
        XCTAssertEqual(ReferenceStepper.restFrame(overdamped, fps: 60), 60)
        XCTAssertEqual(ourRestFrame(overdamped, fps: 60).frame, 60)
        XCTAssertEqual(ReferenceStepper.restFrame(stiff, fps: 30), 10)
        XCTAssertEqual(ReferenceStepper.restFrame(stiff, fps: 30, checkEverySubstep: true), 7)
        XCTAssertEqual(ourRestFrame(stiff, fps: 30).frame, 10)
    }

    /// The rule changes results somewhere in the table (so the test above can tell the two rules apart).
    func testTheTwoRulesDifferInTheTable() {
        var differences = 0
        for c in Self.springs {
            for fps in Self.frameRates
            where ReferenceStepper.restFrame(c, fps: fps) != ReferenceStepper.restFrame(c, fps: fps, checkEverySubstep: true) {
                differences += 1
            }
        }
        XCTAssertGreaterThan(differences, 0)
    }

    /// A start between frames: the first frame is short, and the prediction follows it exactly.
    func testRestingTimeForAStartBetweenFrames() {
        let loop = Loop(framesPerSecond: 60)
        let spring = SpringFunction(target: 1.0, tension: 763.5, damping: 27.6, threshold: 0.001)
        let animator = Animator(initialValue: 0.0, loop: loop)
        var restedAt: Double?
        loop.schedule(at: 0.025) {
            animator.simulate(using: spring, initialVelocity: 0.7) { _ in restedAt = loop.time }
        }
        loop.advance(to: 3)
        let predicted = spring.restingTime(from: 0, velocity: 0.7, on: loop, startingAt: 0.025)
        XCTAssertEqual(restedAt, predicted)
        XCTAssertNotNil(predicted)
        XCTAssertEqual((predicted! * 60).rounded(), predicted! * 60, accuracy: 1e-9, "rests on a frame")
    }

    /// Callbacks between frames catch the simulation up without checking convergence: a crowd of them
    /// does not make it rest earlier than without them.
    func testCallbacksBetweenFramesDoNotCheckConvergence() {
        // The stiff spring at 30 fps is within the threshold mid-frame (substep 28) and out of it at the
        // frame's end: a check at any callback would stop it on frame 7 instead of Advance's 10.
        let stiff = Self.springs[1]
        let loop = Loop(framesPerSecond: 30)
        let animator = Animator(initialValue: 0.0, loop: loop)
        animator.simulate(using: SpringFunction(target: 1.0, tension: stiff.tension, damping: stiff.damping))
        for k in 1..<1000 { loop.schedule(at: Double(k) * 0.0013) {} }
        var frames = 0
        while animator.isRunning && frames < 1000 { loop.advance(); frames += 1 }
        XCTAssertEqual(frames, ReferenceStepper.restFrame(stiff, fps: 30))
        XCTAssertEqual(frames, 10)
    }

    /// Below 12.5 fps a frame simulates only 0.08 s, so a spring rests frames later on the loop's clock than its
    /// settling time: at 0.12 fps this one rests on a frame past 60 s of loop time, within 60 s of simulated time,
    /// and the prediction is that frame (with a limit counted in loop time the search would give up, and a film
    /// would take the clock-free settling time, under a second: one frame, no motion).
    func testRestingTimeWhenAFrameIsLongerThanTheSimulationsStep() {
        let loop = Loop(framesPerSecond: 0.12)
        let spring = SpringFunction(target: 1.0, tension: 157.9, damping: 12.6, threshold: 0.001)
        let animator = Animator(initialValue: 0.0, loop: loop)
        var restedAt: Double?
        animator.simulate(using: spring) { _ in restedAt = loop.time }
        loop.advance(frames: 100)
        let predicted = spring.restingTime(from: 0, on: loop, startingAt: 0)
        XCTAssertEqual(predicted, restedAt)
        XCTAssertGreaterThan(predicted ?? 0, 60)
    }

    /// The loop time of simulated motion: the same from 12.5 fps up; below, where a frame simulates 0.08 s, the time
    /// at which a slow loop shows the motion a 12.5 fps loop shows at the given time.
    func testLoopTimeOfSimulatedMotion() {
        XCTAssertEqual(Loop(framesPerSecond: 60).loopTime(simulating: 2), 2)
        XCTAssertEqual(Loop(framesPerSecond: 12.5).loopTime(simulating: 2), 2, accuracy: 1e-12)
        let spring = SpringFunction(target: 1.0, tension: 157.9, damping: 12.6, threshold: 0.001)
        let reference = Loop(framesPerSecond: 12.5), slow = Loop(framesPerSecond: 0.1)
        let shown = Animator(initialValue: 0.0, loop: reference), slowed = Animator(initialValue: 0.0, loop: slow)
        shown.simulate(using: spring)
        slowed.simulate(using: spring)
        reference.advance(frames: 3)
        slow.advance(frames: 3)
        XCTAssertEqual(slow.loopTime(simulating: reference.time), slow.time, accuracy: 1e-9)
        XCTAssertEqual(slowed.value, shown.value)
        XCTAssertNotEqual(shown.value, 0)
    }

    func testRestingTimeGivesUpOnAnUndampedSpring() {
        let loop = Loop(framesPerSecond: 60)
        XCTAssertNil(SpringFunction(target: 1.0, tension: 100, damping: 0).restingTime(from: 0, on: loop, startingAt: 0, limit: 2))
        XCTAssertEqual(SpringFunction(target: 1.0).restingTime(from: 1, on: loop, startingAt: 0.5), loop.time(ofFrame: 31),
                       "already at rest: the next frame")
    }
}
