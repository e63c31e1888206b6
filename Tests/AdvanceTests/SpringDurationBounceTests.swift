import Foundation
import XCTest
@testable import Advance

/// SwiftUI's and UIKit's (iOS 17) duration and bounce.
final class SpringDurationBounceTests: XCTestCase {
    /// Apple's `Spring` documentation: duration 0.5, bounce 0.3 is mass 1, stiffness 157.9, damping 17.6.
    func testApplesDocumentedExample() {
        let p = SpringParameters(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(p.tension, 157.9, accuracy: 0.05)
        XCTAssertEqual(p.damping, 17.6, accuracy: 0.05)
        XCTAssertEqual(p.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(p.duration, 0.5, accuracy: 1e-12)
        XCTAssertEqual(p.bounce, 0.3, accuracy: 1e-12)
        // …and back: stiffness 100, damping 10 is duration 0.63, bounce 0.5.
        let q = SpringParameters(tension: 100, damping: 10)
        XCTAssertEqual(q.duration, 0.63, accuracy: 0.005)
        XCTAssertEqual(q.bounce, 0.5, accuracy: 1e-12)
    }

    /// Duration is SwiftUI's response; bounce 0 is critical, negative bounce overdamped as 1/(1 + b).
    func testMappingToResponseAndDampingFraction() {
        for (bounce, zeta) in [(0.0, 1.0), (0.5, 0.5), (1.0, 0.0), (-0.5, 2.0), (-0.2, 1.25)] {
            XCTAssertEqual(SpringParameters(duration: 0.4, bounce: bounce),
                           SpringParameters(response: 0.4, dampingFraction: zeta), "bounce \(bounce)")
            XCTAssertEqual(SpringParameters(duration: 0.4, bounce: bounce).bounce, bounce, accuracy: 1e-12)
        }
        XCTAssertEqual(SpringFunction(target: 1.0, duration: 0.5, bounce: 0.3).parameters, SpringParameters(duration: 0.5, bounce: 0.3))
    }

    func testValidationNamesTheParameter() {
        func message(_ body: () throws -> Void) -> String? {
            do { try body(); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(message { _ = try SpringParameters.validated(duration: 0, bounce: 0) }, "duration must be finite and > 0, got 0.0")
        XCTAssertEqual(message { _ = try SpringParameters.validated(duration: .nan, bounce: 0) }, "duration must be finite and > 0, got nan")
        XCTAssertEqual(message { _ = try SpringParameters.validated(duration: 0.5, bounce: -1) }, "bounce must be > -1 and ≤ 1, got -1.0")
        XCTAssertEqual(message { _ = try SpringParameters.validated(duration: 0.5, bounce: 1.5) }, "bounce must be > -1 and ≤ 1, got 1.5")
        XCTAssertEqual(message { _ = try SpringParameters.validated(duration: 0.5, bounce: .infinity) }, "bounce must be > -1 and ≤ 1, got inf")
        XCTAssertNil(message { _ = try SpringParameters.validated(duration: 0.5, bounce: 1) })
        XCTAssertNil(message { _ = try SpringParameters.validated(duration: 0.5, bounce: -0.99) })
    }

    /// A bouncy spring overshoots, a negative bounce does not, and both come to rest on the target.
    func testBounceShapesTheMotion() {
        func peak(bounce: Double) -> Double {
            let loop = Loop(framesPerSecond: 120)
            let animator = Animator(initialValue: 0.0, loop: loop)
            var highest = 0.0
            animator.onChange = { highest = max(highest, $0) }
            animator.simulate(using: SpringFunction(target: 1.0, duration: 0.5, bounce: bounce, threshold: 0.001))
            loop.advance(to: 5)
            XCTAssertEqual(animator.value, 1)
            return highest
        }
        XCTAssertGreaterThan(peak(bounce: 0.5), 1.1)
        XCTAssertEqual(peak(bounce: -0.5), 1, "overdamped: no overshoot")
    }
}
