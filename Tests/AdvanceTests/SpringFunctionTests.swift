import Foundation
import XCTest
@testable import Advance

/// The exact motion of a unit mass on a spring, from x0 at rest towards `target`.
struct DampedOscillator {
    let k: Double, c: Double, x0: Double, target: Double

    func position(at t: Double) -> Double {
        let omega0 = k.squareRoot(), zeta = c / (2 * omega0)
        precondition(zeta < 1, "underdamped only")
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let decay = exp(-zeta * omega0 * t)
        return target + (x0 - target) * decay * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t))
    }

    /// x'' = −k(x − target) − c·v, with v from a central difference of the exact solution.
    func acceleration(at t: Double) -> Double {
        let h = 1e-6
        let v = (position(at: t + h) - position(at: t - h)) / (2 * h)
        return -k * (position(at: t) - target) - c * v
    }
}

final class SpringFunctionTests: XCTestCase {
    func testAdvanceDefaults() {
        let s = SpringFunction(target: 1.0)
        XCTAssertEqual([s.tension, s.damping, s.threshold], [120, 12, 0.1])
        let d = DecayFunction<Double>()
        XCTAssertEqual([d.threshold, d.drag], [0.1, 3])
    }

    func testAccelerationAndConvergenceRules() {
        let s = SpringFunction(target: 10.0)
        XCTAssertEqual(s.acceleration(value: Vector2(9, 0), velocity: Vector2(2, 0)), Vector2(120 - 24, 0))
        guard case .converge(let at) = s.convergence(value: Vector2(9.95, 0), velocity: Vector2(0.1, 0)) else {
            return XCTFail("|v| = threshold and |Δ| < threshold converges")
        }
        XCTAssertEqual(at, Vector2(10, 0))
        guard case .keepRunning = s.convergence(value: Vector2(9.85, 0), velocity: .zero) else { return XCTFail() }
        let d = DecayFunction<Double>(drag: 3)
        guard case .keepRunning = d.convergence(value: Vector2(5, 0), velocity: Vector2(0.1, 0)) else {
            return XCTFail("decay needs |v| strictly below threshold")
        }
        guard case .converge(let rest) = d.convergence(value: Vector2(5, 0), velocity: Vector2(0.09, 0)) else { return XCTFail() }
        XCTAssertEqual(rest, Vector2(5, 0))
    }

    /// At substep boundaries the integrator is compared with the closed form directly: RK4 at 0.008 s
    /// stays within 1e-6 of the distance for the default spring. (Distances 1 and 1000: the larger one
    /// runs longer before the 0.1 threshold stops it.)
    func testDefaultSpringMatchesClosedFormAtSubsteps() {
        for distance in [1.0, 1000] {
            let exact = DampedOscillator(k: 120, c: 12, x0: 0, target: distance)
            var sim = Simulation(function: SpringFunction(target: distance), value: Vector2(0, 0), velocity: .zero)
            var worst = 0.0
            var n = 0
            while !sim.advance(by: simulationTick) {
                n += 1
                XCTAssertEqual(sim.output.value.x, sim.current.value.x, "one substep per 0.008 s, no interpolation")
                worst = max(worst, abs(sim.output.value.x - exact.position(at: Double(n) * simulationTick)))
            }
            XCTAssertGreaterThan(n, distance == 1 ? 50 : 150)
            XCTAssertLessThan(worst / distance, 1e-6, "worst relative error \(worst / distance)")
        }
    }

    /// With Advance master's RK4 (k1 dropped) the same comparison fails by orders of magnitude; this
    /// guards the FIX in semantics.md.
    func testDroppedFirstSlopeWouldBeDetected() {
        let exact = DampedOscillator(k: 120, c: 12, x0: 0, target: 1)
        var (x, v) = (0.0, 0.0)
        let h = simulationTick
        func a(_ x: Double, _ v: Double) -> Double { -120 * (x - 1) - 12 * v }
        var worst = 0.0
        for n in 1...100 {
            let a1 = a(x, v)
            let (v2, a2) = (v + h / 2 * a1, a(x + h / 2 * v, v + h / 2 * a1))
            let (v3, a3) = (v + h / 2 * a2, a(x + h / 2 * v2, v + h / 2 * a2))
            let (v4, a4) = (v + h * a3, a(x + h * v3, v + h * a3))
            (x, v) = (x + h * (2 * (v2 + v3) + v4) / 6, v + h * (2 * (a2 + a3) + a4) / 6)
            worst = max(worst, abs(x - exact.position(at: Double(n) * h)))
        }
        XCTAssertGreaterThan(worst, 1e-2)
    }

    /// At frame times (60 fps) the output is interpolated linearly between substeps, which adds at most
    /// h²/8 · max|x''| (h = 0.008) to the integration error.
    func testDefaultSpringMatchesClosedFormAtFramesWithinInterpolationBound() {
        let exact = DampedOscillator(k: 120, c: 12, x0: 0, target: 1)
        let maxAcceleration = (0...2000).map { abs(exact.acceleration(at: Double($0) * 0.001)) }.max()!
        let bound = simulationTick * simulationTick / 8 * maxAcceleration + 1e-6
        let loop = Loop(framesPerSecond: 60)
        let animator = Animator(initialValue: 0.0, loop: loop)
        animator.simulate(using: SpringFunction(target: 1.0))
        var worst = 0.0
        while animator.isRunning {
            loop.advance()
            if animator.isRunning { worst = max(worst, abs(animator.value - exact.position(at: loop.time))) }
        }
        XCTAssertLessThan(worst, bound, "worst \(worst), bound \(bound)")
        XCTAssertEqual(animator.value, 1)
    }

    func testResponseAndDampingFraction() {
        let p = SpringParameters(response: 0.5, dampingFraction: 0.8)
        XCTAssertEqual(p.tension, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-12)   // 157.91…
        XCTAssertEqual(p.tension, 157.91367041742973, accuracy: 1e-9)
        XCTAssertEqual(p.damping, 4 * Double.pi * 0.8 / 0.5, accuracy: 1e-12)      // 20.106…
        XCTAssertEqual(p.dampingRatio, 0.8, accuracy: 1e-12)
        XCTAssertEqual(p.response, 0.5, accuracy: 1e-12)
        let s = SpringFunction(target: 1.0, response: 1, dampingFraction: 1)
        XCTAssertEqual(s.tension, 4 * Double.pi * Double.pi, accuracy: 1e-12)
        XCTAssertEqual(s.damping, 4 * Double.pi, accuracy: 1e-12)
    }

    /// POP's defaults (bounciness 4, speed 12) give tension ≈ 342.1 and friction ≈ 30.49; the other
    /// values are POPAnimationExtras' conversion evaluated by hand.
    func testPOPBouncinessAndSpeed() {
        let p = SpringParameters(bounciness: 4, speed: 12)
        XCTAssertEqual(p.tension, 342.1, accuracy: 0.05)
        XCTAssertEqual(p.damping, 30.49, accuracy: 0.005)
        XCTAssertEqual(p.tension, 194 + ((0.5 + 199.5 * 12 / 34 - 30) / 50) * 181, accuracy: 1e-9)
        XCTAssertEqual(SpringParameters(), p)
        // Bounciness 0 keeps the no-bounce friction of the tension (QC friction 11.975… at speed 12).
        let still = SpringParameters(bounciness: 0, speed: 12)
        XCTAssertEqual(still.damping, 25 + (SpringParameters.noBounceFriction(qcTension: 0.5 + 199.5 * 12 / 34) - 8) * 3, accuracy: 1e-12)
        XCTAssertGreaterThan(still.damping, p.damping)
        // Speed 0 gives POP's minimum QC tension 0.5 (the lowest cubic fit).
        XCTAssertEqual(SpringParameters(bounciness: 0, speed: 0).tension, 194 + (0.5 - 30) / 50 * 181, accuracy: 1e-9)
        XCTAssertEqual(SpringFunction(target: 0.0, bounciness: 4, speed: 12).parameters, p)
    }

    func testBadParametersAreRejectedWithAClearError() {
        func message(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(message { _ = try SpringFunction.validated(target: 0.0, tension: .nan) }, "tension must be finite and ≥ 0, got nan")
        XCTAssertEqual(message { _ = try SpringFunction.validated(target: 0.0, damping: -1) }, "damping must be finite and ≥ 0, got -1.0")
        XCTAssertEqual(message { _ = try SpringFunction.validated(target: 0.0, threshold: 0) }, "threshold must be finite and > 0, got 0.0")
        XCTAssertEqual(message { _ = try SpringFunction.validated(target: 0.0, tension: .infinity) }, "tension must be finite and ≥ 0, got inf")
        XCTAssertEqual(message { _ = try DecayFunction<Double>.validated(drag: -3) }, "drag must be finite and ≥ 0, got -3.0")
        XCTAssertEqual(message { _ = try DecayFunction<Double>.validated(threshold: .nan) }, "threshold must be finite and > 0, got nan")
        XCTAssertEqual(message { _ = try SpringParameters.validated(response: 0, dampingFraction: 1) }, "response must be finite and > 0, got 0.0")
        XCTAssertEqual(message { _ = try SpringParameters.validated(bounciness: -1, speed: 12) }, "bounciness must be finite and ≥ 0, got -1.0")
        XCTAssertNil(message { _ = try SpringFunction.validated(target: 0.0, tension: 0, damping: 0, threshold: 1e-9) })
        XCTAssertEqual(message { _ = try Loop.validated(framesPerSecond: 0) }, "framesPerSecond must be finite and > 0, got 0.0")
        XCTAssertEqual(message { try Animator(initialValue: 0.0, loop: Loop(framesPerSecond: 30)).validatedAnimate(to: 1, duration: -1) },
                       "duration must be finite and ≥ 0, got -1.0")
    }

    func testSettlingTime() throws {
        let spring = SpringFunction(target: 10.0, tension: 500, damping: 40, threshold: 0.01)
        let t = try XCTUnwrap(spring.settlingTime(from: 0, velocity: 10))
        XCTAssertEqual(t.truncatingRemainder(dividingBy: simulationTick), 0, accuracy: 1e-12)
        XCTAssertGreaterThan(t, 0.3)
        XCTAssertLessThan(t, 1.5)
        XCTAssertEqual(SpringFunction(target: 1.0).settlingTime(from: 1), 0, "already at rest")
        // No damping never settles: the query gives up at its limit instead of looping.
        XCTAssertNil(SpringFunction(target: 1.0, tension: 100, damping: 0).settlingTime(from: 0, limit: 5))
        XCTAssertNil(SpringFunction(target: 1.0, tension: 100, damping: 0).settlingTime(from: 0))
        let decay = try XCTUnwrap(DecayFunction<Double>(drag: 3).settlingTime(from: 0, velocity: 100))
        XCTAssertEqual(decay, log(100 / 0.1) / 3, accuracy: 0.02)
    }

    /// The fast path (any spring or decay of ≤ 8 lanes) must be bit-identical to running the function
    /// through the generic integrator, which a wrapper type forces.
    func testFastPathIsBitIdenticalToGenericPath() {
        struct Wrapped<F: SimulationFunction>: SimulationFunction {
            var f: F
            func acceleration(value: F.Value.VectorType, velocity: F.Value.VectorType) -> F.Value.VectorType {
                f.acceleration(value: value, velocity: velocity)
            }
            func convergence(value: F.Value.VectorType, velocity: F.Value.VectorType) -> Convergence<F.Value> {
                f.convergence(value: value, velocity: velocity)
            }
        }
        func trace<F: SimulationFunction>(_ f: F, from: F.Value, velocity: F.Value) -> [F.Value] {
            let loop = Loop(framesPerSecond: 47)
            let a = Animator(initialValue: from, loop: loop)
            a.simulate(using: f, initialVelocity: velocity)
            var values: [F.Value] = []
            while a.isRunning { loop.advance(); values.append(a.value) }
            return values
        }
        let spring = SpringFunction(target: CGRect(x: 10, y: 20, width: 300, height: 40), tension: 300, damping: 9)
        let start = CGRect(x: -3, y: 7, width: 1, height: 0.5), v = CGRect(x: 40, y: -10, width: 0, height: 3)
        let fast = trace(spring, from: start, velocity: v)
        XCTAssertEqual(fast, trace(Wrapped(f: spring), from: start, velocity: v))
        XCTAssertGreaterThan(fast.count, 30)
        let decay = DecayFunction<CGPoint>(drag: 2)
        XCTAssertEqual(trace(decay, from: .zero, velocity: CGPoint(x: 300, y: -50)),
                       trace(Wrapped(f: decay), from: .zero, velocity: CGPoint(x: 300, y: -50)))
    }
}

final class SettlingTimeLimitTests: XCTestCase {
    /// A huge finite limit must not overflow the conversion to a count of substeps.
    func testHugeLimitForAConvergingSpring() {
        let spring = SpringFunction(target: 10.0, tension: 500, damping: 40, threshold: 0.01)
        let settle = spring.settlingTime(from: 0, limit: 1e300)
        XCTAssertNotNil(settle)
        XCTAssertEqual(settle, spring.settlingTime(from: 0))
    }
}
