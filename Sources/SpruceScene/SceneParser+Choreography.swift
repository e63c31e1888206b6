import Foundation
import Advance
import Spruce

/// The `choreography` and `timeline` parts of a scene file.
extension SceneParser {
    static let choreographyKeys: Set<String> = [
        "sort", "corner", "position", "direction", "reversed", "delay", "duration", "weights", "seed", "from", "amount", "axis",
        "ease", "animations", "animation", "animationDuration", "damping", "velocity", "recursiveDepth", "exclude",
        "target",
    ]

    static func choreography(_ node: Node, base: ChoreographySpec) throws -> ChoreographySpec {
        let (keys, target) = try choreographyFields(node)
        var c = keys.applied(to: base)
        if let target { c.target = target }
        try limit(c.limitViolation, node)
        return c
    }

    /// The keys `node` holds, each read and checked alone, as overrides of a choreography (`limitViolation` checks
    /// them together), and the `target`.
    static func choreographyFields(_ node: Node) throws -> (keys: FilmOverrides, target: String?) {
        let o = try node.object(allowed: choreographyKeys)
        var c = FilmOverrides()
        if let n = o["sort"] { c.sort = SortSpec.Name(rawValue: try n.name("sort", allowed: SortSpec.Name.allCases.map(\.rawValue)))! }
        if let n = o["corner"] { c.set(.corner(try n.choice("corner", Corner.self))) }
        if let n = o["position"] { c.set(.position(try n.choice("position", Position.self))) }
        if let n = o["direction"] { c.set(.direction(try n.choice("direction", Direction.self))) }
        if let n = o["reversed"] { c.set(.reversed(try n.bool())) }
        if let n = o["delay"] { c.set(.delay(try n.nonNegative())) }
        if let n = o["duration"] { c.set(.duration(try n.nonNegative())) }
        if let n = o["weights"] { c.set(.weights(try weights(n))) }
        if let n = o["seed"] {
            let v = try n.integer()
            guard v >= 0 else { throw SceneError(n.path, "must not be negative") }
            c.set(.seed(UInt64(v)))
        }
        if let n = o["from"] { c.set(.from(try staggerOrigin(n))) }
        // `null` is the default: no amount (a step of `delay`), no axis, no easing.
        if let n = o["amount"], !n.isNull { c.set(.amount(try n.nonNegative())) }
        if let n = o["axis"], !n.isNull { c.set(.axis(try n.choice("axis", StaggerAxis.self))) }
        if let n = o["ease"], !n.isNull {
            let e = try n.string()
            guard let ease = SortEase(name: e) else {
                if let rule = TimingFunction.cubicBezierRule(for: e) { throw SceneError(n.path, rule) }
                throw SceneError(n.path, Suggest.unknown("easing", e, allowed: TimingFunction.allNames))
            }
            c.ease = ease
        }
        if let n = o["animations"] { c.animations = try animations(n) }
        if let n = o["animation"] { c.animation = ChoreographySpec.AnimationType(rawValue: try n.name("animation", allowed: ChoreographySpec.AnimationType.allCases.map(\.rawValue)))! }
        if let n = o["animationDuration"] { c.animationDuration = try n.nonNegative() }
        if let n = o["damping"] { c.damping = try n.number() }  // its range: `limitViolation`, as for every override
        if let n = o["velocity"] { c.velocity = try n.number() }
        if let n = o["recursiveDepth"] {
            let depth = try n.integer()
            guard depth >= 0 else { throw SceneError(n.path, "must not be negative") }
            c.recursiveDepth = depth
        }
        if let n = o["exclude"] { c.exclude = try n.array().map { try $0.string() } }
        var target: String?
        if let n = o["target"], !n.isNull { target = try n.string() }
        return (c, target)
    }

    static func weights(_ node: Node) throws -> Weights {
        let items = try node.array()
        guard items.count == 2 else { throw SceneError(node.path, "expected [horizontal, vertical]") }
        return Weights(horizontal: try weight(items[0]), vertical: try weight(items[1]))
    }

    static func weight(_ n: Node) throws -> WeightSpec {
        let text = (n.value as? String) ?? ((try? n.number()).map { "\($0)" } ?? "")
        guard let w = WeightSpec.parse(text) else {
            throw SceneError(n.path, "expected light, medium, heavy or a non-negative number")
        }
        return w
    }

    /// `start`, `center`, `end`, `edges`, a view index, or `x,y` in points.
    static func staggerOrigin(_ n: Node) throws -> StaggerOrigin {
        if let i = try? n.integer() {
            guard i >= 0 else { throw SceneError(n.path, "a view index must be 0 or more, got \(i)") }
            return .index(i)
        }
        let s = try n.string()
        if let origin = StaggerOrigin(text: s) { return origin }
        throw SceneError(n.path, Suggest.unknown("stagger origin", s, allowed: StaggerOrigin.allowed))
    }

    static func animations(_ n: Node) throws -> [AnimationSpec] {
        func parse(_ text: String, _ path: String) throws -> AnimationSpec {
            do { return try AnimationSpec.parse(text) } catch let e as SceneError { throw SceneError(path, e.message) }
        }
        if let s = n.value as? String {
            let items = s.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            guard !items.isEmpty else { throw SceneError(n.path, "no animations given") }
            return try items.map { try parse($0, n.path) }
        }
        // An empty list, like an empty string, is a mistake: nothing would animate.
        let list = try n.array()
        guard !list.isEmpty else { throw SceneError(n.path, "no animations given") }
        return try list.map { try parse(try $0.string(), $0.path) }
    }

    static func timeline(_ node: Node) throws -> TimelineSpec {
        let o = try node.object(allowed: ["fps", "loop", "hold", "lead", "fade", "duration"])
        var t = TimelineSpec()
        if let n = o["fps"] { t.fps = try positive(n) }
        if let n = o["loop"] { t.loop = try n.choice("loop", among: TimelineSpec.loopNames, named: \.rawValue) }
        if let n = o["hold"] {
            // Negative: the out-phase starts that long before the last view is at rest (a spring's last
            // thousandth is invisible); SceneFilm checks it never reaches back before the in-phase.
            t.hold = try n.number()
            guard t.hold.isFinite else { throw SceneError(n.path, "must be a finite number") }
        }
        if let n = o["lead"] { t.lead = try n.nonNegative() }
        if let n = o["fade"] { t.fade = try positive(n) }
        if let n = o["duration"] { t.duration = try positive(n) }
        try limit(t.limitViolation, node)
        return t
    }
}
