/// Maps linear time (0…1) to animation progress: how a timed animation paces itself.
///
/// Advance's two cases, plus `.easing` for the Penner/CSS families motion specs name
/// (`.easeOutBack`, `.easeInOutElastic` …), whose progress may leave 0…1.
public enum TimingFunction: Hashable, Sendable {
    /// No easing.
    case linear
    /// A unit cubic bezier, as CSS `cubic-bezier()` and `CAMediaTimingFunction`.
    case bezier(UnitBezier)
    /// A closed-form easing equation.
    case easing(Easing)

    /// A unit bezier with control points (x1, y1) and (x2, y2). Precondition: x1 and x2 within 0…1
    /// (otherwise the curve is not a function of time); `validated(x1:y1:x2:y2:)` throws instead.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        Check.precondition { try Self.check(x1: x1, y1: y1, x2: x2, y2: y2) }
        self = .bezier(UnitBezier(firstX: x1, firstY: y1, secondX: x2, secondY: y2))
    }

    /// The checked twin of ``init(x1:y1:x2:y2:)``: throws ``InvalidParameterError`` unless every coordinate is finite,
    /// `x1` and `x2` lie within 0…1 and `y1` and `y2` within ±``largestControlY``.
    public static func validated(x1: Double, y1: Double, x2: Double, y2: Double) throws -> TimingFunction {
        try check(x1: x1, y1: y1, x2: x2, y2: y2)
        return TimingFunction(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The largest |y| a control point may have. CSS curves stay within a few units; beyond
    /// this bound the curve's values could overflow to infinity, and every view would start at once.
    public static let largestControlY = 1000.0
    static let controlYRange = "−1000…1000"

    static func check(x1: Double, y1: Double, x2: Double, y2: Double) throws {
        try Check.unit(x1, "x1")
        try checkY(y1, "y1")
        try Check.unit(x2, "x2")
        try checkY(y2, "y2")
    }

    private static func checkY(_ y: Double, _ name: String) throws {
        try Check.finite(y, name)
        guard abs(y) <= largestControlY else {
            throw InvalidParameterError(parameter: name, value: y, requirement: "within \(controlYRange)")
        }
    }

    /// Progress at `time` (0…1). `epsilon` is the precision needed in time; timed animations pass
    /// 1/(1000·duration), as Advance does. Closed-form easings are exact and ignore it.
    public func solve(at time: Double, epsilon: Double) -> Double {
        switch self {
        case .linear: return time
        case .bezier(let bezier): return bezier.solve(x: time, epsilon: epsilon)
        case .easing(let easing): return easing.progress(at: time)
        }
    }
}

extension TimingFunction {
    /// `kCAMediaTimingFunctionEaseIn`, CSS `ease-in`: (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseOut`, CSS `ease-out`, UIKit's `.curveEaseOut`: (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`, CSS `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// The README's spelling of `easeInEaseOut`.
    public static let easeInOut = easeInEaseOut
    /// Similar to Material Design's standard curve, (0.4, 0, 0.2, 1); the default of `animate(to:duration:)`.
    public static let swiftOut = TimingFunction(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
    /// CSS `ease` and `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
    public static let ease = TimingFunction(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
}
