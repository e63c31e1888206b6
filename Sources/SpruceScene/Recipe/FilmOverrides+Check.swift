import Foundation
import Geometry

extension FilmOverrides {
    /// Every value out of its range, by field, in the order the fields are declared. Values that only mean something
    /// together with the scene (a spring's damping and its duration, the canvas's pixels) are `FilmRecipe.validate()`'s.
    public var problems: [RecipeProblem] {
        var out: [RecipeProblem] = []
        func add(_ p: RecipeProblem?) { if let p { out.append(p) } }
        out += SortParameter.timeViolations(sortParameters) + SortParameter.sizeViolations(sortParameters)
        for a in animations ?? [] { add(a.limitViolation) }
        if let animationDuration {
            if animationDuration.isFinite, animationDuration > 0 { add(LimitViolation.seconds("animationDuration", animationDuration)) } else {
                out.append(RecipeProblem("animationDuration", "must be a positive number of seconds, got \(Checked.text(animationDuration))",
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
                out.append(RecipeProblem(key, Self.positiveProblem(v), range: "more than 0"))
            }
        }
        if let scale, !(scale.isFinite && scale > 0) {
            out.append(RecipeProblem("scale", Self.positiveProblem(scale), range: "more than 0"))
        }
        if let fps { add(SceneLimits.framesPerSecondViolation(fps)) }
        if let hold { add(LimitViolation.magnitude("hold", hold, atMost: SceneLimits.maximumFilmSeconds, " seconds")) }
        return out
    }

    /// What is wrong with `v` where a positive number belongs: infinity and NaN are not numbers a size is made of.
    private static func positiveProblem(_ v: Double) -> String {
        (v.isFinite ? "must be positive" : "must be a finite number more than 0") + ", got \(Checked.text(v))"
    }

    /// `base` with the choreography fields that are set. A sort parameter the sort does not take joins the
    /// parameters kept for another sort (`ChoreographySpec.otherSortParameters`).
    func applied(to base: ChoreographySpec) -> ChoreographySpec {
        var c = base
        if let sort { c.sort = SortSpec(sort, keeping: c.sort.parameters + c.otherSortParameters) }
        for p in sortParameters { c.sort = c.sort.setting(p) ?? c.sort }
        let kept = c.otherSortParameters.filter { old in !sortParameters.contains { $0.name == old.name } } + sortParameters
        c.otherSortParameters = kept.filter { !c.sort.parameters.contains($0) }
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
