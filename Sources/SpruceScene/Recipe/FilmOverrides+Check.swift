import Foundation
import Geometry

extension FilmOverrides {
    /// Every value out of its range, by field, in the order the fields are declared. Values that only mean something
    /// together with the scene (a spring's damping and its duration, the canvas's pixels) are `FilmRecipe.validate()`'s.
    public var problems: [RecipeProblem] {
        var out: [RecipeProblem] = []
        func add(_ p: RecipeProblem?) { if let p { out.append(p) } }
        for (field, v) in [("delay", delay), ("duration", duration), ("amount", amount)] { add(LimitViolation.seconds(field, v)) }
        if let weights {
            for w in [weights.horizontal, weights.vertical] {
                if case .custom(let v) = w { add(LimitViolation.magnitude("weights", v, atMost: SceneLimits.maximumFactor, "")) }
            }
        }
        if case .point(let x, let y)? = from {
            for v in [x, y] { add(LimitViolation.magnitude("from", v, atMost: SceneLimits.maximumPoints, " points")) }
        }
        for a in animations ?? [] { add(a.limitViolation) }
        if let animationDuration {
            if animationDuration.isFinite, animationDuration > 0 { add(LimitViolation.seconds("animationDuration", animationDuration)) } else {
                out.append(RecipeProblem("animationDuration", "must be a positive number of seconds, got \(animationDuration)",
                                         range: "more than 0, at most \(Checked.text(SceneLimits.maximumFilmSeconds)) seconds"))
            }
        }
        if let damping { add(SceneLimits.dampingViolation(damping)) }
        if let velocity {
            if velocity.isFinite { add(LimitViolation.magnitude("velocity", velocity, atMost: SceneLimits.maximumFactor, "")) } else {
                out.append(RecipeProblem("velocity", "must be a finite number"))
            }
        }
        if let recursiveDepth, recursiveDepth < 0 {
            out.append(RecipeProblem("recursiveDepth", "must not be negative, got \(recursiveDepth)", range: "0 or more"))
        }
        for (field, n) in [("rows", rows), ("columns", columns)] {
            if let n, !(1...1000).contains(n) { out.append(RecipeProblem(field, "must be 1…1000, got \(n)", range: "1…1000")) }
        }
        if let size {
            for (key, v) in [("width", Double(size.width)), ("height", Double(size.height))] where !(v.isFinite && v > 0) {
                out.append(RecipeProblem(key, "must be positive, got \(Checked.text(v))", range: "more than 0"))
            }
        }
        if let scale, !(scale.isFinite && scale > 0) {
            out.append(RecipeProblem("scale", "must be positive, got \(scale)", range: "more than 0"))
        }
        if let fps { add(SceneLimits.framesPerSecondViolation(fps)) }
        if let hold { add(LimitViolation.magnitude("hold", hold, atMost: SceneLimits.maximumFilmSeconds, " seconds")) }
        return out
    }

    /// `base` with the choreography fields that are set.
    func applied(to base: ChoreographySpec) -> ChoreographySpec {
        var c = base
        if let sort { c.sort = sort }
        if let corner { c.corner = corner }
        if let position { c.position = position }
        if let direction { c.direction = direction }
        if let reversed { c.reversed = reversed }
        if let delay { c.delay = delay }
        if let duration { c.duration = duration }
        if let weights { c.weights = weights }
        if let seed { c.seed = seed }
        if let from { c.from = from }
        if let amount { c.amount = amount }
        if let axis { c.axis = axis }
        if let ease { c.ease = ease }
        if let animations { c.animations = animations }
        if let animation { c.animationType = animation }
        if let animationDuration { c.animationDuration = animationDuration }
        if let damping { c.damping = damping }
        if let velocity { c.velocity = velocity }
        if let recursiveDepth { c.recursiveDepth = recursiveDepth }
        if let exclude { c.exclude = exclude }
        return c
    }
}
