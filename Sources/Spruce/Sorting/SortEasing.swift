import Foundation

/// A curve from [0, 1] to (usually) [0, 1] that reshapes how delays are spread, as Spruce Android's
/// interpolators and GSAP's stagger `ease` do. A plain function, so any timing curve can be wrapped.
public struct SortEasing {
    /// The curve: a share of the largest offset in, the reshaped share out.
    public let transform: (Double) -> Double

    /// An easing that applies `transform`.
    public init(_ transform: @escaping (Double) -> Double) {
        self.transform = transform
    }

    /// The curve's value at `progress`.
    public func callAsFunction(_ progress: Double) -> Double { transform(progress) }

    /// The identity: offsets stay as the sort function gave them.
    public static let linear = SortEasing { $0 }

    // The CSS / Spruce Android curves.
    /// CSS `ease`: `cubic-bezier(0.25, 0.1, 0.25, 1)`.
    public static let ease = cubicBezier(0.25, 0.1, 0.25, 1)
    /// CSS `ease-in`: `cubic-bezier(0.42, 0, 1, 1)`; early views bunch together, late ones spread out.
    public static let easeIn = cubicBezier(0.42, 0, 1, 1)
    /// CSS `ease-out`: `cubic-bezier(0, 0, 0.58, 1)`; early views spread out, late ones bunch together.
    public static let easeOut = cubicBezier(0, 0, 0.58, 1)
    /// CSS `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInOut = cubicBezier(0.42, 0, 0.58, 1)

    /// A CSS `cubic-bezier(x1, y1, x2, y2)` curve from (0,0) to (1,1).
    /// - Precondition: x1 and x2 lie in [0, 1], so the curve is a function of x.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> SortEasing {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "cubicBezier x1 and x2 must lie in [0, 1]")
        let curve = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        return SortEasing { curve.y(atX: $0) }
    }
}

/// Solves a unit cubic Bézier for y at a given x: Newton's method, bisection as the fallback.
struct UnitBezier {
    let ax, bx, cx, ay, by, cy: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    func y(atX x: Double) -> Double {
        guard x > 0 else { return x.isNaN ? x : 0 }
        guard x < 1 else { return 1 }
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < 1e-12 { return y(t) }
            let slope = dx(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        var (low, high) = (0.0, 1.0)
        t = x
        for _ in 0..<64 {
            let value = self.x(t)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return y(t)
    }
}
