import Advance
@testable import SpruceLottie
import XCTest

final class KeyframeFitterTests: XCTestCase {
    /// A bezier-timed move that starts and ends on frames becomes two keyframes with its own curve.
    func testNamedBezierIsExact() {
        let curve = TimingFunction.easeOut
        let samples = (0...30).map { k -> [Double] in
            let u = Double(k) / 30
            return [10 + 90 * curve.solve(at: u, epsilon: 1e-7)]
        }
        let keys = KeyframeFitter(tolerance: 0.01).fit(samples)!
        XCTAssertEqual(keys.count, 2)
        guard case .bezier(let expected) = curve else { return XCTFail() }
        XCTAssertEqual(keys[0].easing, expected)
    }
}
