import Foundation

extension SpringParameters {
    /// SwiftUI's `Spring(duration:bounce:)` and UIKit's `UISpringTimingParameters(duration:bounce:)` (iOS 17).
    ///
    /// `duration` is the perceptual duration, which is the `response` of `init(response:dampingFraction:)`:
    /// the undamped period, so tension = (2π/duration)². `bounce` 0 is critical damping, up to 1 (no damping
    /// at all) and down towards −1 (ever more overdamped); it maps to the damping ratio ζ as
    ///
    ///     ζ = 1 − bounce        for bounce ≥ 0,
    ///     ζ = 1 / (1 + bounce)  for bounce < 0,
    ///
    /// and damping = 2·ζ·√tension = 4π·ζ/duration (mass 1). Checked against Apple's `Spring` documentation,
    /// whose example converts duration 0.5, bounce 0.3 to stiffness 157.9 and damping 17.6, and back from
    /// stiffness 100, damping 10 to duration 0.63, bounce 0.5; the negative branch is the one Flutter's
    /// `SpringDescription.withDurationAndBounce` documents as giving SwiftUI's result.
    /// Precondition: `duration` finite and > 0, `bounce` finite in −1 < bounce ≤ 1;
    /// `validated(duration:bounce:)` throws instead.
    public init(duration: Double, bounce: Double) {
        Check.precondition { try Self.check(duration: duration, bounce: bounce) }
        self.init(response: duration, dampingFraction: Self.dampingRatio(bounce: bounce))
    }

    /// The checked twin of ``init(duration:bounce:)``: throws ``InvalidParameterError`` unless `duration` is finite and
    /// > 0 and `bounce` finite within −1 < bounce ≤ 1.
    public static func validated(duration: Double, bounce: Double) throws -> SpringParameters {
        try check(duration: duration, bounce: bounce)
        return SpringParameters(duration: duration, bounce: bounce)
    }

    static func check(duration: Double, bounce: Double) throws {
        try Check.positive(duration, "duration")
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw InvalidParameterError(parameter: "bounce", value: bounce, requirement: "> -1 and ≤ 1")
        }
    }

    /// The damping ratio of a bounce (see `init(duration:bounce:)`).
    public static func dampingRatio(bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// The bounce of these parameters: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when overdamped.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// The perceptual duration, SwiftUI's name for `response`.
    public var duration: Double { response }
}

extension SpringFunction {
    /// SwiftUI / UIKit (iOS 17) style spring; see `SpringParameters(duration:bounce:)`.
    public init(target: T, duration: Double, bounce: Double, threshold: Double = 0.1) {
        self.init(target: target, parameters: SpringParameters(duration: duration, bounce: bounce), threshold: threshold)
    }
}
