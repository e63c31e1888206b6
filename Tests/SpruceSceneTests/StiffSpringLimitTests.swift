import XCTest
import Spruce
@testable import SpruceScene

/// Springs too stiff for the 120 Hz simulation are refused with the shortest duration that works.
final class StiffSpringLimitTests: XCTestCase {
    /// The figures `render-gif --help` (SceneLimits.summary) and docs/SceneFormat.md quote, and that each is the
    /// shortest whole millisecond: one millisecond less is refused.
    func testShortestDurationsQuotedInTheHelp() {
        for (damping, shortest) in [(0.5, 0.045), (3, 0.751), (16, 22.592), (0.01, 2.211)] {
            XCTAssertEqual(SpringAnimation.shortestSettlingDuration(damping: damping), shortest, "damping \(damping)")
            XCTAssertNil(LimitViolation.stiffSpring(damping: damping, duration: shortest))
            XCTAssertNotNil(LimitViolation.stiffSpring(damping: damping, duration: shortest - 0.001))
        }
        XCTAssertTrue(SceneLimits.summary.contains("(0.5: 0.045 s; 3: 0.751 s)"))
    }

    func testTheSceneKeyAndTheDefaultsThatPass() throws {
        var spec = ChoreographySpec()
        (spec.animationType, spec.animationDuration) = (.spring, 0.5)
        XCTAssertNil(spec.limitViolation, "the Spruce example's spring, damping 0.5 for 0.5 s")
        spec.damping = 16
        let bad = try XCTUnwrap(spec.limitViolation)
        XCTAssertEqual(bad.key, "animationDuration")
        XCTAssertTrue(bad.message.hasSuffix("at this damping it needs at least 22.592 seconds"), bad.message)
        spec.animationType = .standard
        XCTAssertNil(spec.limitViolation, "damping means nothing to a standard animation")
    }
}
