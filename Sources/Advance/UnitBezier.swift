/// A cubic bezier from (0, 0) to (1, 1), the shape of CSS and Core Animation timing curves.
public struct UnitBezier: Hashable, Sendable {
    /// One of the curve's two inner control points; `x` is time and `y` progress.
    public struct ControlPoint: Hashable, Sendable {
        /// The point's time coordinate; CSS requires it within 0…1 for the curve to be a function of time.
        public var x: Double
        /// The point's progress coordinate; values outside 0…1 make the curve overshoot.
        public var y: Double
        /// A control point at (`x`, `y`).
        public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
    }

    /// The control point leaving (0, 0).
    public var first: ControlPoint
    /// The control point arriving at (1, 1).
    public var second: ControlPoint

    /// The curve with these two control points.
    public init(first: ControlPoint, second: ControlPoint) { (self.first, self.second) = (first, second) }

    /// The curve with control points (`firstX`, `firstY`) and (`secondX`, `secondY`), CSS's `cubic-bezier()` order.
    public init(firstX: Double, firstY: Double, secondX: Double, secondY: Double) {
        self.init(first: ControlPoint(x: firstX, y: firstY), second: ControlPoint(x: secondX, y: secondY))
    }

    /// The curve's y where its x equals `x`, found within `epsilon` in x.
    ///
    /// Solved as WebKit's UnitBezier does: up to 8 Newton iterations starting from t = x (stopping once
    /// |x(t) − x| < epsilon, giving up if the slope falls below 1e-6), then bisection on 0…1. Unlike
    /// WebKit, the bisection also stops when the interval can no longer shrink, so an epsilon below
    /// floating-point resolution cannot loop forever.
    public func solve(x: Double, epsilon: Double) -> Double {
        let c = Coefficients(self)
        return c.sampleY(c.solveX(x, epsilon: epsilon))
    }

    struct Coefficients {
        let ax, bx, cx, ay, by, cy: Double

        init(_ b: UnitBezier) {
            cx = 3 * b.first.x
            bx = 3 * (b.second.x - b.first.x) - cx
            ax = 1 - cx - bx
            cy = 3 * b.first.y
            by = 3 * (b.second.y - b.first.y) - cy
            ay = 1 - cy - by
        }

        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

        func solveX(_ x: Double, epsilon: Double) -> Double {
            var t = x
            for _ in 0..<8 {
                let error = sampleX(t) - x
                if abs(error) < epsilon { return t }
                let slope = slopeX(t)
                if abs(slope) < 1e-6 { break }
                t -= error / slope
            }
            var (low, high) = (0.0, 1.0)
            t = x
            if t < low { return low }
            if t > high { return high }
            while low < high {
                let value = sampleX(t)
                if abs(value - x) < epsilon { return t }
                if x > value { low = t } else { high = t }
                let next = (high - low) * 0.5 + low
                if next == t { break }
                t = next
            }
            return t
        }
    }
}
