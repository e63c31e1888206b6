import Foundation
import Geometry

/// A number outside `SceneLimits`, named by its scene key (`delay`, `animationDuration`, `fps`, …). The
/// scene parser puts it under the document path (`choreography.delay`), the command line names the flag
/// of the same name (`--delay`), so both check the same rules in one place.
public struct LimitViolation: Error, Equatable {
    public let key: String
    public let message: String
    /// The values allowed, when the problem is a number out of its range (`0…3600 seconds`).
    public let range: String?

    public init(_ key: String, _ message: String, range: String? = nil) { (self.key, self.message, self.range) = (key, message, range) }

    public static func seconds(_ key: String, _ v: Double?) -> LimitViolation? {
        guard let v else { return nil }
        guard v.isFinite, v >= 0, v <= SceneLimits.maximumFilmSeconds else {
            let range = "0…\(Checked.text(SceneLimits.maximumFilmSeconds)) seconds"
            return LimitViolation(key, "must be \(range), got \(Checked.text(v))", range: range)
        }
        return nil
    }

    public static func magnitude(_ key: String, _ v: Double, atMost limit: Double, _ unit: String) -> LimitViolation? {
        guard v.isFinite, abs(v) <= limit else {
            return LimitViolation(key, "must be at most \(Checked.text(limit))\(unit) either way, got \(Checked.text(v))",
                                  range: "−\(Checked.text(limit))…\(Checked.text(limit))\(unit)")
        }
        return nil
    }
}

extension ChoreographySpec {
    /// The first number outside the limits: times (the sort's, those kept for other sorts, the animation's), spring,
    /// velocity, weights, stagger point, stock animation amounts.
    public var limitViolation: LimitViolation? {
        let sortParameters = sort.parameters + otherSortParameters
        if let bad = SortParameter.timeViolations(sortParameters).first { return bad }
        if let bad = LimitViolation.seconds("animationDuration", animationDuration) { return bad }
        // Checked whatever the animation: a standard animation ignores it, but 1e-300 was taken without a word.
        if let bad = SceneLimits.dampingViolation(damping) { return bad }
        if animationType == .spring {
            guard animationDuration >= SceneLimits.minimumSpringSeconds else {
                return LimitViolation("animationDuration", "a spring needs at least \(Checked.text(SceneLimits.minimumSpringSeconds)) "
                                      + "seconds, got \(Checked.text(animationDuration))",
                                      range: "\(Checked.text(SceneLimits.minimumSpringSeconds))…\(Checked.text(SceneLimits.maximumFilmSeconds)) seconds")
            }
            if let bad = LimitViolation.stiffSpring(damping: damping, duration: animationDuration) { return bad }
        }
        if let bad = LimitViolation.magnitude("velocity", velocity, atMost: SceneLimits.maximumFactor, "") { return bad }
        if let bad = SortParameter.sizeViolations(sortParameters).first { return bad }
        for a in animations { if let bad = a.limitViolation { return bad } }
        return nil
    }
}

extension SortParameter {
    /// Times outside 0…`SceneLimits.maximumFilmSeconds`: every `delay`, then `duration`, then `amount`.
    static func timeViolations(_ parameters: [SortParameter]) -> [LimitViolation] {
        [Name.delay, .duration, .amount].flatMap { name in
            parameters.compactMap { p -> LimitViolation? in
                switch p {
                case .delay(let v) where name == .delay, .duration(let v) where name == .duration,
                     .amount(let v) where name == .amount:
                    return LimitViolation.seconds(name.rawValue, v)
                default: return nil
                }
            }
        }
    }

    /// Custom weights beyond `SceneLimits.maximumFactor`, then a stagger point beyond `SceneLimits.maximumPoints`.
    static func sizeViolations(_ parameters: [SortParameter]) -> [LimitViolation] {
        let weights = parameters.flatMap { p -> [LimitViolation] in
            guard case .weights(let w) = p else { return [] }
            return [w.horizontal, w.vertical].compactMap {
                guard case .custom(let v) = $0 else { return nil }
                return LimitViolation.magnitude("weights", v, atMost: SceneLimits.maximumFactor, "")
            }
        }
        let points = parameters.flatMap { p -> [LimitViolation] in
            guard case .from(.point(let x, let y)) = p else { return [] }
            return [x, y].compactMap { LimitViolation.magnitude("from", $0, atMost: SceneLimits.maximumPoints, " points") }
        }
        return weights + points
    }
}

extension AnimationSpec {
    /// Slides in points, spins in radians, scales between 1/10000 and 10000.
    var limitViolation: LimitViolation? {
        switch self {
        case .fadeIn: return nil
        case .slide(_, .value(let v)):
            return LimitViolation.magnitude("animations", v, atMost: SceneLimits.maximumPoints, " points")
        case .spin(.value(let v)):
            return LimitViolation.magnitude("animations", v, atMost: SceneLimits.maximumFactor, " radians")
        case .expand(.value(let v)), .contract(.value(let v)):
            let range = (1 / SceneLimits.maximumFactor)...SceneLimits.maximumFactor
            guard range.contains(v) else {
                let allowed = "\(Checked.text(range.lowerBound))…\(Checked.text(range.upperBound))"
                return LimitViolation("animations", "\(text): the scale must be \(allowed)", range: allowed)
            }
            return nil
        default: return nil
        }
    }
}

extension SceneLimits {
    /// A frame rate outside `framesPerSecond`, keyed `fps`.
    public static func framesPerSecondViolation(_ fps: Double) -> LimitViolation? {
        guard !framesPerSecond.contains(fps) else { return nil }
        let range = "\(Checked.text(framesPerSecond.lowerBound))…\(Checked.text(framesPerSecond.upperBound)) frames per second"
        return LimitViolation("fps", "must be \(range), got \(Checked.text(fps))", range: range)
    }

    /// A spring damping ratio outside `springDamping`, keyed `damping`: the one check of every damping a user gives
    /// (scene files, flags, the preview form).
    public static func dampingViolation(_ damping: Double) -> LimitViolation? {
        guard !springDamping.contains(damping) else { return nil }
        let range = "\(Checked.text(springDamping.lowerBound))…\(Checked.text(springDamping.upperBound))"
        return LimitViolation("damping", "must be \(range) for a spring, got \(Checked.text(damping))", range: range)
    }
}

extension TimelineSpec {
    public var limitViolation: LimitViolation? {
        if let fps, let bad = SceneLimits.framesPerSecondViolation(fps) { return bad }
        if let bad = LimitViolation.magnitude("hold", hold, atMost: SceneLimits.maximumFilmSeconds, " seconds") { return bad }
        for (key, v) in [("lead", lead), ("fade", fade), ("duration", duration)] {
            if let bad = LimitViolation.seconds(key, v) { return bad }
        }
        return nil
    }
}

extension CanvasSpec {
    /// Points, scale, and the frame's pixels per side and in all.
    public var limitViolation: LimitViolation? {
        for (key, v) in [("width", width), ("height", height)] {
            guard v.isFinite, v > 0, v <= SceneLimits.maximumPoints else {
                return LimitViolation(key, "must be more than 0 and at most \(Checked.text(SceneLimits.maximumPoints)) points, got \(Checked.text(v))",
                                      range: "more than 0, at most \(Checked.text(SceneLimits.maximumPoints)) points")
            }
        }
        guard scale.isFinite, scale > 0, scale <= SceneLimits.maximumFactor else {
            return LimitViolation("scale", "must be more than 0 and at most \(Checked.text(SceneLimits.maximumFactor)), got \(Checked.text(scale))",
                                  range: "more than 0, at most \(Checked.text(SceneLimits.maximumFactor))")
        }
        let w = (width * scale).rounded(), h = (height * scale).rounded()
        let size = "\(Checked.text(w))×\(Checked.text(h)) pixels"
        let side = Double(SceneLimits.maximumPixelsPerSide)
        guard w >= 1, h >= 1, w <= side, h <= side else {
            return LimitViolation("pixels", "\(size); each side must be 1…\(SceneLimits.maximumPixelsPerSide) (size × scale)")
        }
        guard w * h <= Double(SceneLimits.maximumPixels) else {
            return LimitViolation("pixels", "\(size); at most \(SceneLimits.maximumPixels) pixels in all (size × scale)")
        }
        return nil
    }
}

extension ViewSpec {
    /// This view and everything it generates, grid tiles included; saturates instead of overflowing.
    public var viewCount: Int {
        var n = 1
        if let g = grid {
            let tiles = g.rows.multipliedReportingOverflow(by: g.columns)
            let each = tiles.partialValue.multipliedReportingOverflow(by: g.tile.viewCount)
            n = tiles.overflow || each.overflow ? Int.max : min(Int.max - 1, each.partialValue) + 1
        }
        for s in subviews {
            let (sum, overflow) = n.addingReportingOverflow(s.viewCount)
            n = overflow ? Int.max : sum
        }
        return n
    }
}

extension SceneDocument {
    /// Views of the whole scene (the root's subviews and all they generate), saturating.
    public var viewCount: Int {
        views.reduce(0) { n, v in let (sum, o) = n.addingReportingOverflow(v.viewCount); return o ? Int.max : sum }
    }

    /// More than `SceneLimits.maximumViews` views, worded for a message; nil when within.
    public var viewCountViolation: LimitViolation? {
        let n = viewCount
        guard n > SceneLimits.maximumViews else { return nil }
        return LimitViolation("views", "the scene has \(n == Int.max ? "too many" : "\(n)") views, grid tiles included; "
                              + "at most \(SceneLimits.maximumViews)")
    }
}
