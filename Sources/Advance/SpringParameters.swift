import Foundation

/// Spring stiffness and damping (mass 1), from whichever parameters a designer brings: Advance's own
/// tension/damping, SwiftUI's response/dampingFraction, or Facebook POP's bounciness/speed.
public struct SpringParameters: Equatable, Sendable {
    /// The stiffness: the pull per unit of distance from the target, at mass 1.
    public var tension: Double
    /// The resistance per unit of velocity, at mass 1.
    public var damping: Double

    /// Parameters in Advance's own terms, taken as given (no check; ``SpringFunction`` checks them when it uses them).
    public init(tension: Double, damping: Double) {
        (self.tension, self.damping) = (tension, damping)
    }

    /// SwiftUI / `CASpringAnimation` style: `response` is the undamped period in seconds,
    /// `dampingFraction` the damping ratio ζ (1 = critically damped).
    /// tension = (2π/response)², damping = 4π·ζ/response.
    public init(response: Double, dampingFraction: Double) {
        Check.precondition { try Self.check(response: response, dampingFraction: dampingFraction) }
        let omega = 2 * Double.pi / response
        self.init(tension: omega * omega, damping: 4 * Double.pi * dampingFraction / response)
    }

    /// The checked twin of ``init(response:dampingFraction:)``: throws ``InvalidParameterError`` unless `response` is
    /// finite and > 0 and `dampingFraction` finite and ≥ 0.
    public static func validated(response: Double, dampingFraction: Double) throws -> SpringParameters {
        try check(response: response, dampingFraction: dampingFraction)
        return SpringParameters(response: response, dampingFraction: dampingFraction)
    }

    static func check(response: Double, dampingFraction: Double) throws {
        try Check.positive(response, "response")
        try Check.nonNegative(dampingFraction, "dampingFraction")
    }

    /// Facebook POP style (`POPSpringAnimation.springBounciness` / `springSpeed`, defaults 4 and 12),
    /// converted as POP's `POPAnimationExtras` does: both are normalised over 0…20·1.7, bounciness is
    /// projected onto 0…0.8 and speed onto a Quartz Composer tension of 0.5…200, friction eases from
    /// the no-bounce friction of that tension towards 0.01, then both map to POP's dynamics units.
    public init(bounciness: Double = 4, speed: Double = 12) {
        Check.precondition { try Self.check(bounciness: bounciness, speed: speed) }
        func normalize(_ v: Double) -> Double { (v / 1.7) / 20 }
        func project(_ n: Double, _ start: Double, _ end: Double) -> Double { start + n * (end - start) }
        let b = project(normalize(bounciness), 0, 0.8)
        let qcTension = project(normalize(speed), 0.5, 200)
        let t = 2 * b - b * b
        let qcFriction = t * 0.01 + (1 - t) * Self.noBounceFriction(qcTension: qcTension)
        self.init(
            tension: 194 + ((qcTension - 30) / 50) * (375 - 194),
            damping: 25 + ((qcFriction - 8) / 2) * (25 - 19))
    }

    /// The checked twin of ``init(bounciness:speed:)``: throws ``InvalidParameterError`` unless both are finite and ≥
    /// 0.
    public static func validated(bounciness: Double, speed: Double) throws -> SpringParameters {
        try check(bounciness: bounciness, speed: speed)
        return SpringParameters(bounciness: bounciness, speed: speed)
    }

    static func check(bounciness: Double, speed: Double) throws {
        try Check.nonNegative(bounciness, "bounciness")
        try Check.nonNegative(speed, "speed")
    }

    /// POP's `POPBouncy3NoBounce`: piecewise cubic fits of the friction that just avoids overshoot.
    static func noBounceFriction(qcTension x: Double) -> Double {
        if x <= 18 { return 0.0007 * pow(x, 3) - 0.031 * pow(x, 2) + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * pow(x, 3) - 0.006 * pow(x, 2) + 0.36 * x + 2 }
        return 0.00000045 * pow(x, 3) - 0.000332 * pow(x, 2) + 0.1078 * x + 5.84
    }

    /// The damping ratio ζ = damping / (2·√tension).
    public var dampingRatio: Double { damping / (2 * tension.squareRoot()) }

    /// The undamped period 2π/√tension, in seconds.
    public var response: Double { 2 * Double.pi / tension.squareRoot() }
}

extension SpringFunction {
    /// A spring towards `target` with the tension and damping of `parameters`.
    ///
    /// Precondition: as ``init(target:tension:damping:threshold:)``.
    public init(target: T, parameters: SpringParameters, threshold: Double = 0.1) {
        self.init(target: target, tension: parameters.tension, damping: parameters.damping, threshold: threshold)
    }

    /// SwiftUI-style spring; see `SpringParameters(response:dampingFraction:)`.
    public init(target: T, response: Double, dampingFraction: Double, threshold: Double = 0.1) {
        self.init(target: target, parameters: SpringParameters(response: response, dampingFraction: dampingFraction),
                  threshold: threshold)
    }

    /// POP-style spring; see `SpringParameters(bounciness:speed:)`.
    public init(target: T, bounciness: Double, speed: Double, threshold: Double = 0.1) {
        self.init(target: target, parameters: SpringParameters(bounciness: bounciness, speed: speed),
                  threshold: threshold)
    }

    /// The spring's tension and damping as one value; setting it replaces both.
    public var parameters: SpringParameters {
        get { SpringParameters(tension: tension, damping: damping) }
        set { (tension, damping) = (newValue.tension, newValue.damping) }
    }
}
