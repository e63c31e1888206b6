import Advance
@testable import SpruceLottie
import XCTest

final class KeyframeFitterTests: XCTestCase {
    /// A bezier-timed move that starts and ends on frames becomes two keyframes with its own curve.
    func testNamedBezierIsExact() {
        for curve in [TimingFunction.easeOut, .easeIn, .easeInEaseOut, .swiftOut, .ease] {
            let samples = (0...30).map { k in [10 + 90 * curve.solve(at: Double(k) / 30, epsilon: 1e-7)] }
            let keys = KeyframeFitter(tolerance: 0.01).fit(samples)!
            XCTAssertEqual(keys.count, 2, "\(curve)")
            guard case .bezier(let expected) = curve else { return XCTFail() }
            XCTAssertEqual(keys[0].easing, expected)
        }
    }

    /// Held still, moved, held still: the holds are one linear segment each.
    func testHoldsAroundAMoveAreSingleSegments() {
        let curve = TimingFunction.easeInEaseOut
        let samples = (0..<60).map { k -> [Double] in
            let u = min(1, max(0, Double(k - 10) / 20))
            return [curve.solve(at: u, epsilon: 1e-7) * 200, 5]
        }
        let keys = KeyframeFitter(tolerance: 0.05).fit(samples)!
        XCTAssertEqual(keys.map(\.frame), [0, 10, 30, 59])
    }

    /// An underdamped spring (tension 120, damping 8: overshoot, then ringing) baked within the bound at every
    /// frame, with far fewer keyframes than frames. Films' real springs: LottieExportTests.
    func testSpringIsBakedWithinTheBound() {
        let omega = 120.0.squareRoot(), zeta = 8 / (2 * omega), damped = omega * (1 - zeta * zeta).squareRoot()
        let samples = (0..<120).map { k -> [Double] in
            let t = Double(k) / 60
            let x = 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
            return [x * 300]
        }
        let tolerance = 0.25
        let keys = KeyframeFitter(tolerance: tolerance).fit(samples)!
        XCTAssertLessThan(keys.count, samples.count / 4, "\(keys.count) keyframes for \(samples.count) frames")
        let replayed = LottieEvaluator.values(of: keys, frames: samples.count)
        for (k, (a, b)) in zip(replayed, samples).enumerated() {
            XCTAssertLessThanOrEqual(abs(a[0] - b[0]), tolerance + 1e-9, "frame \(k)")
        }
    }

    /// The bound is what it says: a tighter tolerance takes more keyframes, and a looser one fewer.
    func testToleranceControlsTheKeyframeCount() {
        let samples = (0..<100).map { k -> [Double] in [100 * exp(-Double(k) / 20) * cos(Double(k) / 3)] }
        let counts = [0.01, 0.1, 1.0].map { KeyframeFitter(tolerance: $0).fit(samples)!.count }
        XCTAssertGreaterThan(counts[0], counts[1])
        XCTAssertGreaterThan(counts[1], counts[2])
        XCTAssertLessThanOrEqual(counts[0], 100)
    }
}

/// Lottie's interpolation written again from the format's definition (value at a frame from the keyframes
/// around it and the easing bezier), independent of the fitter's own check.
enum LottieEvaluator {
    static func values(of keys: [Keyframe], frames: Int) -> [[Double]] {
        (0..<frames).map { f in
            guard let next = keys.firstIndex(where: { $0.frame > f }) else { return keys.last!.value }
            let a = keys[next - 1], b = keys[next]
            let u = Double(f - a.frame) / Double(b.frame - a.frame)
            let p = (a.easing ?? KeyframeFitter.linear).solve(x: u, epsilon: 1e-9)
            return zip(a.value, b.value).map { $0 + ($1 - $0) * p }
        }
    }
}
