import Foundation

extension TimingFunction {
    /// The easing equations of Robert Penner, as CSS libraries and easings.net define them.
    /// `in` accelerates from rest, `out` decelerates to rest, `inOut` does both around the midpoint.
    /// Back overshoots, elastic oscillates beyond 0…1, bounce rebounds off the end value.
    public enum Easing: String, CaseIterable, Hashable, Sendable {
        /// Penner's sine ease-in: starts slowly and accelerates toward 1 (a quarter sine wave, the gentlest of the
        /// curves).
        case easeInSine
        /// Penner's sine ease-out: starts fast and decelerates into 1 (a quarter sine wave, the gentlest of the
        /// curves).
        case easeOutSine
        /// Penner's sine ease-in-out: accelerates until the midpoint, then decelerates into 1 (a quarter sine wave, the
        /// gentlest of the curves).
        case easeInOutSine
        /// Penner's quadratic ease-in: starts slowly and accelerates toward 1 (progress as the square of time).
        case easeInQuad
        /// Penner's quadratic ease-out: starts fast and decelerates into 1 (progress as the square of time).
        case easeOutQuad
        /// Penner's quadratic ease-in-out: accelerates until the midpoint, then decelerates into 1 (progress as the
        /// square of time).
        case easeInOutQuad
        /// Penner's cubic ease-in: starts slowly and accelerates toward 1 (progress as the cube of time).
        case easeInCubic
        /// Penner's cubic ease-out: starts fast and decelerates into 1 (progress as the cube of time).
        case easeOutCubic
        /// Penner's cubic ease-in-out: accelerates until the midpoint, then decelerates into 1 (progress as the cube of
        /// time).
        case easeInOutCubic
        /// Penner's quartic ease-in: starts slowly and accelerates toward 1 (progress as the fourth power of time).
        case easeInQuart
        /// Penner's quartic ease-out: starts fast and decelerates into 1 (progress as the fourth power of time).
        case easeOutQuart
        /// Penner's quartic ease-in-out: accelerates until the midpoint, then decelerates into 1 (progress as the
        /// fourth power of time).
        case easeInOutQuart
        /// Penner's quintic ease-in: starts slowly and accelerates toward 1 (progress as the fifth power of time).
        case easeInQuint
        /// Penner's quintic ease-out: starts fast and decelerates into 1 (progress as the fifth power of time).
        case easeOutQuint
        /// Penner's quintic ease-in-out: accelerates until the midpoint, then decelerates into 1 (progress as the fifth
        /// power of time).
        case easeInOutQuint
        /// Penner's exponential ease-in: starts slowly and accelerates toward 1 (progress as a power of 2, nearly flat
        /// at the slow end).
        case easeInExpo
        /// Penner's exponential ease-out: starts fast and decelerates into 1 (progress as a power of 2, nearly flat at
        /// the slow end).
        case easeOutExpo
        /// Penner's exponential ease-in-out: accelerates until the midpoint, then decelerates into 1 (progress as a
        /// power of 2, nearly flat at the slow end).
        case easeInOutExpo
        /// Penner's circular ease-in: starts slowly and accelerates toward 1 (progress along a quarter circle).
        case easeInCirc
        /// Penner's circular ease-out: starts fast and decelerates into 1 (progress along a quarter circle).
        case easeOutCirc
        /// Penner's circular ease-in-out: accelerates until the midpoint, then decelerates into 1 (progress along a
        /// quarter circle).
        case easeInOutCirc
        /// Penner's back ease-in: dips below 0 before accelerating to 1.
        case easeInBack
        /// Penner's back ease-out: rises past 1 before settling on 1.
        case easeOutBack
        /// Penner's back ease-in-out: dips below 0 at the start and rises past 1 before the end.
        case easeInOutBack
        /// Penner's elastic ease-in: swings around 0 with growing amplitude, then snaps to 1.
        case easeInElastic
        /// Penner's elastic ease-out: shoots to 1 and swings around it with shrinking amplitude.
        case easeOutElastic
        /// Penner's elastic ease-in-out: swings around 0, crosses the midpoint, then swings around 1.
        case easeInOutElastic
        /// Penner's bounce ease-in: bounces off 0 with growing bounces, then reaches 1.
        case easeInBounce
        /// Penner's bounce ease-out: reaches 1 and bounces back from it with shrinking bounces.
        case easeOutBounce
        /// Penner's bounce ease-in-out: bounces off 0 in the first half and off 1 in the second.
        case easeInOutBounce

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
    /// A timing function for ``Easing/easeInSine``: starts slowly and accelerates toward 1 (a quarter sine wave, the
    /// gentlest of the curves).
    public static let easeInSine = TimingFunction.easing(.easeInSine)
    /// A timing function for ``Easing/easeOutSine``: starts fast and decelerates into 1 (a quarter sine wave, the
    /// gentlest of the curves).
    public static let easeOutSine = TimingFunction.easing(.easeOutSine)
    /// A timing function for ``Easing/easeInOutSine``: accelerates until the midpoint, then decelerates into 1 (a
    /// quarter sine wave, the gentlest of the curves).
    public static let easeInOutSine = TimingFunction.easing(.easeInOutSine)
    /// A timing function for ``Easing/easeInQuad``: starts slowly and accelerates toward 1 (progress as the square of
    /// time).
    public static let easeInQuad = TimingFunction.easing(.easeInQuad)
    /// A timing function for ``Easing/easeOutQuad``: starts fast and decelerates into 1 (progress as the square of
    /// time).
    public static let easeOutQuad = TimingFunction.easing(.easeOutQuad)
    /// A timing function for ``Easing/easeInOutQuad``: accelerates until the midpoint, then decelerates into 1
    /// (progress as the square of time).
    public static let easeInOutQuad = TimingFunction.easing(.easeInOutQuad)
    /// A timing function for ``Easing/easeInCubic``: starts slowly and accelerates toward 1 (progress as the cube of
    /// time).
    public static let easeInCubic = TimingFunction.easing(.easeInCubic)
    /// A timing function for ``Easing/easeOutCubic``: starts fast and decelerates into 1 (progress as the cube of
    /// time).
    public static let easeOutCubic = TimingFunction.easing(.easeOutCubic)
    /// A timing function for ``Easing/easeInOutCubic``: accelerates until the midpoint, then decelerates into 1
    /// (progress as the cube of time).
    public static let easeInOutCubic = TimingFunction.easing(.easeInOutCubic)
    /// A timing function for ``Easing/easeInQuart``: starts slowly and accelerates toward 1 (progress as the fourth
    /// power of time).
    public static let easeInQuart = TimingFunction.easing(.easeInQuart)
    /// A timing function for ``Easing/easeOutQuart``: starts fast and decelerates into 1 (progress as the fourth power
    /// of time).
    public static let easeOutQuart = TimingFunction.easing(.easeOutQuart)
    /// A timing function for ``Easing/easeInOutQuart``: accelerates until the midpoint, then decelerates into 1
    /// (progress as the fourth power of time).
    public static let easeInOutQuart = TimingFunction.easing(.easeInOutQuart)
    /// A timing function for ``Easing/easeInQuint``: starts slowly and accelerates toward 1 (progress as the fifth
    /// power of time).
    public static let easeInQuint = TimingFunction.easing(.easeInQuint)
    /// A timing function for ``Easing/easeOutQuint``: starts fast and decelerates into 1 (progress as the fifth power
    /// of time).
    public static let easeOutQuint = TimingFunction.easing(.easeOutQuint)
    /// A timing function for ``Easing/easeInOutQuint``: accelerates until the midpoint, then decelerates into 1
    /// (progress as the fifth power of time).
    public static let easeInOutQuint = TimingFunction.easing(.easeInOutQuint)
    /// A timing function for ``Easing/easeInExpo``: starts slowly and accelerates toward 1 (progress as a power of 2,
    /// nearly flat at the slow end).
    public static let easeInExpo = TimingFunction.easing(.easeInExpo)
    /// A timing function for ``Easing/easeOutExpo``: starts fast and decelerates into 1 (progress as a power of 2,
    /// nearly flat at the slow end).
    public static let easeOutExpo = TimingFunction.easing(.easeOutExpo)
    /// A timing function for ``Easing/easeInOutExpo``: accelerates until the midpoint, then decelerates into 1
    /// (progress as a power of 2, nearly flat at the slow end).
    public static let easeInOutExpo = TimingFunction.easing(.easeInOutExpo)
    /// A timing function for ``Easing/easeInCirc``: starts slowly and accelerates toward 1 (progress along a quarter
    /// circle).
    public static let easeInCirc = TimingFunction.easing(.easeInCirc)
    /// A timing function for ``Easing/easeOutCirc``: starts fast and decelerates into 1 (progress along a quarter
    /// circle).
    public static let easeOutCirc = TimingFunction.easing(.easeOutCirc)
    /// A timing function for ``Easing/easeInOutCirc``: accelerates until the midpoint, then decelerates into 1
    /// (progress along a quarter circle).
    public static let easeInOutCirc = TimingFunction.easing(.easeInOutCirc)
    /// A timing function for ``Easing/easeInBack``: dips below 0 before accelerating to 1.
    public static let easeInBack = TimingFunction.easing(.easeInBack)
    /// A timing function for ``Easing/easeOutBack``: rises past 1 before settling on 1.
    public static let easeOutBack = TimingFunction.easing(.easeOutBack)
    /// A timing function for ``Easing/easeInOutBack``: dips below 0 at the start and rises past 1 before the end.
    public static let easeInOutBack = TimingFunction.easing(.easeInOutBack)
    /// A timing function for ``Easing/easeInElastic``: swings around 0 with growing amplitude, then snaps to 1.
    public static let easeInElastic = TimingFunction.easing(.easeInElastic)
    /// A timing function for ``Easing/easeOutElastic``: shoots to 1 and swings around it with shrinking amplitude.
    public static let easeOutElastic = TimingFunction.easing(.easeOutElastic)
    /// A timing function for ``Easing/easeInOutElastic``: swings around 0, crosses the midpoint, then swings around 1.
    public static let easeInOutElastic = TimingFunction.easing(.easeInOutElastic)
    /// A timing function for ``Easing/easeInBounce``: bounces off 0 with growing bounces, then reaches 1.
    public static let easeInBounce = TimingFunction.easing(.easeInBounce)
    /// A timing function for ``Easing/easeOutBounce``: reaches 1 and bounces back from it with shrinking bounces.
    public static let easeOutBounce = TimingFunction.easing(.easeOutBounce)
    /// A timing function for ``Easing/easeInOutBounce``: bounces off 0 in the first half and off 1 in the second.
    public static let easeInOutBounce = TimingFunction.easing(.easeInOutBounce)
}
