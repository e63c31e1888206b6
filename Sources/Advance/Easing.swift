import Foundation

extension TimingFunction {
    /// The easing equations of Robert Penner, as CSS libraries and easings.net define them.
    /// `in` accelerates from rest, `out` decelerates to rest, `inOut` does both around the midpoint.
    /// Back overshoots, elastic oscillates beyond 0…1, bounce rebounds off the end value.
    public enum Easing: String, CaseIterable, Hashable, Sendable {
        case easeInSine, easeOutSine, easeInOutSine
        case easeInQuad, easeOutQuad, easeInOutQuad
        case easeInCubic, easeOutCubic, easeInOutCubic
        case easeInQuart, easeOutQuart, easeInOutQuart
        case easeInQuint, easeOutQuint, easeInOutQuint
        case easeInExpo, easeOutExpo, easeInOutExpo
        case easeInCirc, easeOutCirc, easeInOutCirc
        case easeInBack, easeOutBack, easeInOutBack
        case easeInElastic, easeOutElastic, easeInOutElastic
        case easeInBounce, easeOutBounce, easeInOutBounce

        /// Progress at time `x` in 0…1 (0 at 0 and 1 at 1 exactly).
        public func progress(at x: Double) -> Double {
            switch self {
            case .easeInSine: return 1 - cos(x * .pi / 2)
            case .easeOutSine: return sin(x * .pi / 2)
            case .easeInOutSine: return -(cos(.pi * x) - 1) / 2
            case .easeInQuad: return Self.powerIn(x, 2)
            case .easeOutQuad: return Self.powerOut(x, 2)
            case .easeInOutQuad: return Self.powerInOut(x, 2)
            case .easeInCubic: return Self.powerIn(x, 3)
            case .easeOutCubic: return Self.powerOut(x, 3)
            case .easeInOutCubic: return Self.powerInOut(x, 3)
            case .easeInQuart: return Self.powerIn(x, 4)
            case .easeOutQuart: return Self.powerOut(x, 4)
            case .easeInOutQuart: return Self.powerInOut(x, 4)
            case .easeInQuint: return Self.powerIn(x, 5)
            case .easeOutQuint: return Self.powerOut(x, 5)
            case .easeInOutQuint: return Self.powerInOut(x, 5)
            case .easeInExpo: return x <= 0 ? 0 : pow(2, 10 * x - 10)
            case .easeOutExpo: return x >= 1 ? 1 : 1 - pow(2, -10 * x)
            case .easeInOutExpo:
                if x <= 0 { return 0 }
                if x >= 1 { return 1 }
                return x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2
            case .easeInCirc: return 1 - (1 - x * x).squareRoot()
            case .easeOutCirc: return (1 - (x - 1) * (x - 1)).squareRoot()
            case .easeInOutCirc:
                return x < 0.5
                    ? (1 - (1 - 4 * x * x).squareRoot()) / 2
                    : ((1 - (2 - 2 * x) * (2 - 2 * x)).squareRoot() + 1) / 2
            case .easeInBack:
                return Self.backC3 * x * x * x - Self.backC1 * x * x
            case .easeOutBack:
                let u = x - 1
                return 1 + Self.backC3 * u * u * u + Self.backC1 * u * u
            case .easeInOutBack:
                let c2 = Self.backC1 * 1.525
                return x < 0.5
                    ? (4 * x * x * ((c2 + 1) * 2 * x - c2)) / 2
                    : ((2 * x - 2) * (2 * x - 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2
            case .easeInElastic:
                if x <= 0 { return 0 }
                if x >= 1 { return 1 }
                return -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * (2 * .pi / 3))
            case .easeOutElastic:
                if x <= 0 { return 0 }
                if x >= 1 { return 1 }
                return pow(2, -10 * x) * sin((x * 10 - 0.75) * (2 * .pi / 3)) + 1
            case .easeInOutElastic:
                if x <= 0 { return 0 }
                if x >= 1 { return 1 }
                let s = sin((20 * x - 11.125) * (2 * .pi / 4.5))
                return x < 0.5 ? -(pow(2, 20 * x - 10) * s) / 2 : (pow(2, -20 * x + 10) * s) / 2 + 1
            case .easeInBounce: return 1 - Self.bounceOut(1 - x)
            case .easeOutBounce: return Self.bounceOut(x)
            case .easeInOutBounce:
                return x < 0.5 ? (1 - Self.bounceOut(1 - 2 * x)) / 2 : (1 + Self.bounceOut(2 * x - 1)) / 2
            }
        }

        static let backC1 = 1.70158
        static let backC3 = backC1 + 1

        static func powerIn(_ x: Double, _ n: Double) -> Double { pow(x, n) }
        static func powerOut(_ x: Double, _ n: Double) -> Double { 1 - pow(1 - x, n) }
        static func powerInOut(_ x: Double, _ n: Double) -> Double {
            x < 0.5 ? pow(2, n - 1) * pow(x, n) : 1 - pow(-2 * x + 2, n) / 2
        }

        static func bounceOut(_ x: Double) -> Double {
            let n1 = 7.5625, d1 = 2.75
            if x < 1 / d1 { return n1 * x * x }
            if x < 2 / d1 { let u = x - 1.5 / d1; return n1 * u * u + 0.75 }
            if x < 2.5 / d1 { let u = x - 2.25 / d1; return n1 * u * u + 0.9375 }
            let u = x - 2.625 / d1
            return n1 * u * u + 0.984375
        }
    }
}

extension TimingFunction {
    public static let easeInSine = TimingFunction.easing(.easeInSine)
    public static let easeOutSine = TimingFunction.easing(.easeOutSine)
    public static let easeInOutSine = TimingFunction.easing(.easeInOutSine)
    public static let easeInQuad = TimingFunction.easing(.easeInQuad)
    public static let easeOutQuad = TimingFunction.easing(.easeOutQuad)
    public static let easeInOutQuad = TimingFunction.easing(.easeInOutQuad)
    public static let easeInCubic = TimingFunction.easing(.easeInCubic)
    public static let easeOutCubic = TimingFunction.easing(.easeOutCubic)
    public static let easeInOutCubic = TimingFunction.easing(.easeInOutCubic)
    public static let easeInQuart = TimingFunction.easing(.easeInQuart)
    public static let easeOutQuart = TimingFunction.easing(.easeOutQuart)
    public static let easeInOutQuart = TimingFunction.easing(.easeInOutQuart)
    public static let easeInQuint = TimingFunction.easing(.easeInQuint)
    public static let easeOutQuint = TimingFunction.easing(.easeOutQuint)
    public static let easeInOutQuint = TimingFunction.easing(.easeInOutQuint)
    public static let easeInExpo = TimingFunction.easing(.easeInExpo)
    public static let easeOutExpo = TimingFunction.easing(.easeOutExpo)
    public static let easeInOutExpo = TimingFunction.easing(.easeInOutExpo)
    public static let easeInCirc = TimingFunction.easing(.easeInCirc)
    public static let easeOutCirc = TimingFunction.easing(.easeOutCirc)
    public static let easeInOutCirc = TimingFunction.easing(.easeInOutCirc)
    public static let easeInBack = TimingFunction.easing(.easeInBack)
    public static let easeOutBack = TimingFunction.easing(.easeOutBack)
    public static let easeInOutBack = TimingFunction.easing(.easeInOutBack)
    public static let easeInElastic = TimingFunction.easing(.easeInElastic)
    public static let easeOutElastic = TimingFunction.easing(.easeOutElastic)
    public static let easeInOutElastic = TimingFunction.easing(.easeInOutElastic)
    public static let easeInBounce = TimingFunction.easing(.easeInBounce)
    public static let easeOutBounce = TimingFunction.easing(.easeOutBounce)
    public static let easeInOutBounce = TimingFunction.easing(.easeInOutBounce)
}
