import XCTest
@testable import Advance

/// `SpringParameters.settlesOnSimulationTicks`: the rule that refuses springs too stiff for RK4 on 0.008 s substeps.
final class SpringStabilityTests: XCTestCase {
    /// |1 + z + z²/2 + z³/6 + z⁴/24|, RK4's amplification of a mode per substep, z = 0.008·λ.
    private func amplification(_ re: Double, _ im: Double) -> Double {
        var (pr, pi) = (1.0, 0.0)
        for k in [4.0, 3, 2, 1] { (pr, pi) = (1 + (re * pr - im * pi) / k, (re * pi + im * pr) / k) }
        return (pr * pr + pi * pi).squareRoot()
    }

    /// Why |z| ≤ 2.5: on that half circle RK4 still shrinks every mode (by 13 % a substep at worst, next to the
    /// imaginary axis), while the textbook limits of its stability (about −2.785 on the real axis, √8 on the
    /// imaginary one) lie beyond it.
    func testTheBoundLiesInsideRK4sStableRegion() {
        XCTAssertLessThan(amplification(-2.78, 0), 1)
        XCTAssertGreaterThan(amplification(-2.79, 0), 1)
        XCTAssertLessThan(amplification(0, 2.82), 1)
        XCTAssertGreaterThan(amplification(0, 2.84), 1)
        XCTAssertEqual(amplification(-0.1, 0.2), 0.904841248, accuracy: 1e-9)  // |e^z| = 0.904837…
        let radius = SpringParameters.fastestFollowedRate * simulationTick
        XCTAssertEqual(radius, 2.5, accuracy: 1e-12)
        let worst = (0...900).map { a -> Double in
            let angle = Double.pi / 2 + Double(a) / 900 * Double.pi / 2
            return amplification(radius * cos(angle), radius * sin(angle))
        }.max()!
        XCTAssertEqual(worst, 0.8727, accuracy: 1e-4)
    }

    /// The rule agrees with the integrator itself: every spring it accepts stays within two distances of its
    /// target and comes to rest (threshold 1/1000, within a minute of simulated time); every spring it refuses
    /// runs off past a million distances or to infinity, unless it lies in the margin just inside RK4's edge.
    /// (Advance's convergence test passes NaN, so a spring that overflows "comes to rest" too: settling alone
    /// would not tell them apart.)
    func testTheRuleAgreesWithTheSimulation() {
        var accepted = 0, refused = 0
        for zeta in [0.01, 0.05, 0.2, 0.5, 0.9, 1, 1.5, 2, 2.5, 3, 5, 16, 100] {
            for duration in [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 20] {
                let rate = zeta < 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
                let omega = log(1000) / (rate * duration)
                let p = SpringParameters(tension: omega * omega, damping: 2 * zeta * omega)
                let f = SpringFunction(target: 1.0, tension: p.tension, damping: p.damping, threshold: 0.001)
                let state = PhaseState<SIMD2<Double>>(value: SIMD2(0, 0), velocity: SIMD2(0.7, 0))
                let start = SimulationSnapshot<SIMD2<Double>>(starting: state)
                let runner: SimulationRunner<Double> = SimulationRunner<Double>.make(f, continuing: start)
                var farthest = 0.0
                while !runner.hasConverged, runner.substeps < 7500 {
                    _ = runner.advance(to: Double(runner.substeps + 1) * simulationTick, isFrameEnd: true)
                    let value: Double = runner.output.value[0]
                    let off = abs(value - 1)
                    farthest = off.isFinite ? max(farthest, off) : .infinity
                }
                if p.settlesOnSimulationTicks {
                    accepted += 1
                    XCTAssertTrue(runner.hasConverged, "ζ \(zeta), \(duration) s accepted but did not settle")
                    XCTAssertLessThan(farthest, 2, "ζ \(zeta), \(duration) s accepted but ran \(farthest) off")
                } else {
                    refused += 1
                    // Only the margin between |z| = 2.5 and RK4's edge (2.785…2.83) is refused without running off.
                    let half = p.damping / 2, d = half * half - p.tension
                    let z = simulationTick * (d >= 0 ? half + d.squareRoot() : p.tension.squareRoot())
                    if farthest < 1e6 { XCTAssertLessThan(z, 2.83, "ζ \(zeta), \(duration) s refused at |z| \(z), stayed within \(farthest)") }
                }
            }
        }
        XCTAssertGreaterThan(accepted, 50)
        XCTAssertGreaterThan(refused, 20)
    }

    func testParametersThatAreNotASpring() {
        XCTAssertTrue(SpringParameters(tension: 120, damping: 12).settlesOnSimulationTicks)  // Advance's default
        XCTAssertFalse(SpringParameters(tension: .nan, damping: 12).settlesOnSimulationTicks)
        XCTAssertFalse(SpringParameters(tension: 120, damping: .infinity).settlesOnSimulationTicks)
        XCTAssertFalse(SpringParameters(tension: 0, damping: 12).settlesOnSimulationTicks)
    }

    /// A spring too stiff is slowed in time: the same damping ratio, its faster mode just inside the bound.
    func testSlowingAStiffSpringKeepsItsShape() {
        let followed = SpringParameters(tension: 120, damping: 12)
        XCTAssertEqual(followed.slowedToSettleOnSimulationTicks, followed)
        for stiff in [SpringParameters(tension: 1e6, damping: 100), SpringParameters(tension: 1e4, damping: 5000),
                      SpringParameters(tension: 1e12, damping: 0)] {
            XCTAssertFalse(stiff.settlesOnSimulationTicks)
            let slowed = stiff.slowedToSettleOnSimulationTicks
            XCTAssertTrue(slowed.settlesOnSimulationTicks, "\(stiff)")
            XCTAssertEqual(slowed.fastestModeRate, SpringParameters.fastestFollowedRate, accuracy: 1e-6)
            let ratio = { (p: SpringParameters) in p.damping / (2 * p.tension.squareRoot()) }
            XCTAssertEqual(ratio(slowed), ratio(stiff), accuracy: 1e-9 * max(1, ratio(stiff)))
        }
        let notASpring = SpringParameters(tension: .nan, damping: 1)
        XCTAssertTrue(notASpring.slowedToSettleOnSimulationTicks.tension.isNaN, "nothing finite to slow")
    }
}
