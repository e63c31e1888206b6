import Advance
import ArgumentParser
import SpruceRender
import SpruceScene

/// Every Spruce choice as a flag. All are optional: a flag given overrides the scene file's
/// `choreography` value of the same name, a flag left out keeps it.
struct ChoreographyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Sort function, the order views start in: default, linear, cornered, radial, random, "
                               + "inline, continuous, continuous-weighted, snake, stagger.", valueName: "name"), completion: .list(ChoreographySpec.Sort.allCases.map(\.rawValue)))
    var sort: String?

    @Option(help: ArgumentHelp("Start corner of cornered, inline and snake: topLeft, topRight, bottomLeft, bottomRight.",
                               valueName: "corner"), completion: .list(ChoreographySpec.corners))
    var corner: String?

    @Option(help: ArgumentHelp("""
        Origin of radial, continuous, continuous-weighted: topLeft, topMiddle, topRight, left, middle, right, \
        bottomLeft, bottomMiddle, bottomRight.
        """, valueName: "position"), completion: .list(ChoreographySpec.positions))
    var position: String?

    @Option(help: ArgumentHelp("Direction of linear: topToBottom, bottomToTop, leftToRight, rightToLeft.",
                               valueName: "direction"), completion: .list(ChoreographySpec.directions))
    var direction: String?

    @Flag(inversion: .prefixedNo, help: "Play the sort's order backwards (not default, random).")
    var reversed: Bool?

    @Option(help: ArgumentHelp("Seconds between one view's start and the next's (Spruce's interObjectDelay; "
                               + "stagger's `each`). Not for the continuous sorts.", valueName: "seconds"), transform: DecimalArgument.parse)
    var delay: Double?

    @Option(help: ArgumentHelp("Total spread of the continuous sorts, in seconds.", valueName: "seconds"), transform: DecimalArgument.parse)
    var duration: Double?

    @Option(help: ArgumentHelp("continuous-weighted's horizontal,vertical weights: light, medium, heavy or numbers "
                               + "(e.g. heavy,light or 2,0.5).", valueName: "h,v"))
    var weights: String?

    @Option(help: ArgumentHelp("Seed of the random sort (same seed, same order).", valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("stagger: where the wave starts: start, center, end, edges, a view index, or x,y in points.",
                               valueName: "origin"))
    var from: String?

    @Option(help: ArgumentHelp("stagger: total spread in seconds, instead of --delay per step.", valueName: "seconds"), transform: DecimalArgument.parse)
    var amount: Double?

    @Option(help: ArgumentHelp("stagger: measure distance along x or y only.", valueName: "x|y"), completion: .list(ChoreographySpec.axes))
    var axis: String?

    @Option(help: ArgumentHelp("Easing of the offset distribution (any sort): an Advance timing name such as "
                               + "easeIn, easeOutCubic, or cubic-bezier(x1,y1,x2,y2).", valueName: "timing"), completion: .list(TimingFunction.allNames))
    var ease: String?

    @Option(help: ArgumentHelp("Stock animations, comma-separated: fade-in, slide:DIR[:AMOUNT], spin[:AMOUNT], "
                               + "expand[:AMOUNT], contract[:AMOUNT]; AMOUNT is slightly, moderately, severely or a "
                               + "number (points, scale, radians or 90deg).", valueName: "list"))
    var animations: String?

    @Option(help: ArgumentHelp("Animation type: standard (ease-out curve) or spring (UIKit-style spring).",
                               valueName: "type"), completion: .list(ChoreographySpec.AnimationType.allCases.map(\.rawValue)))
    var animation: String?

    @Option(help: ArgumentHelp("Each view's own animation duration in seconds.", valueName: "seconds"), transform: DecimalArgument.parse)
    var animationDuration: Double?

    @Option(help: ArgumentHelp("spring: damping ratio (1 = no overshoot).", valueName: "ratio"), transform: DecimalArgument.parse)
    var damping: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("spring: initial velocity (1 = the whole distance in one second; --velocity -0.5 starts "
                               + "moving away).", valueName: "v"), transform: DecimalArgument.parse)
    var velocity: Double?

    @Option(help: ArgumentHelp("How many levels of subviews below the animated view take part (0: direct subviews).",
                               valueName: "n"))
    var recursiveDepth: Int?

    @Option(help: ArgumentHelp("Ids of views that do not animate, comma-separated.", valueName: "id,id"))
    var exclude: String?

    /// The flags that were given, by name, for conflict messages.
    var given: [String] {
        var out: [String] = []
        if sort != nil { out.append("--sort") }
        if corner != nil { out.append("--corner") }
        if position != nil { out.append("--position") }
        if direction != nil { out.append("--direction") }
        if reversed != nil { out.append("--reversed") }
        if delay != nil { out.append("--delay") }
        if duration != nil { out.append("--duration") }
        if weights != nil { out.append("--weights") }
        if seed != nil { out.append("--seed") }
        if from != nil { out.append("--from") }
        if amount != nil { out.append("--amount") }
        if axis != nil { out.append("--axis") }
        if damping != nil { out.append("--damping") }
        if velocity != nil { out.append("--velocity") }
        return out
    }

    /// Whether a flag given changes when views start or how long they move.
    var changesTiming: Bool {
        [delay, duration, amount, animationDuration, damping, velocity].contains { $0 != nil }
            || [sort, ease, animation, from, axis, weights].contains { $0 != nil } || seed != nil || reversed != nil
    }

    /// The scene's choreography with these flags applied; names checked, conflicts refused.
    func apply(to base: ChoreographySpec) throws -> ChoreographySpec {
        typealias C = ChoreographySpec
        var c = base
        if let sort {
            let name = try Names.pick(sort, flag: "--sort", allowed: C.Sort.allCases.map(\.rawValue))
            c.sort = C.Sort(rawValue: name)!
        }
        if let corner { c.corner = try Names.pick(corner, flag: "--corner", allowed: C.corners) }
        if let position { c.position = try Names.pick(position, flag: "--position", allowed: C.positions) }
        if let direction { c.direction = try Names.pick(direction, flag: "--direction", allowed: C.directions) }
        if let reversed { c.reversed = reversed }
        if let delay { c.delay = try Check.seconds(delay, "--delay") }
        if let duration { c.duration = try Check.seconds(duration, "--duration") }
        if let weights { c.weights = try Self.parseWeights(weights) }
        if let seed { c.seed = seed }
        if let from {
            guard let origin = SceneParser.checkStaggerOrigin(from) else {
                throw CLIError.usage(Names.unknown(from, flag: "--from", allowed: C.staggerOrigins + ["<index>", "<x>,<y>"]))
            }
            c.from = origin
        }
        if let amount { c.amount = try Check.seconds(amount, "--amount") }
        if let axis { c.axis = try Names.pick(axis, flag: "--axis", allowed: C.axes) }
        if let ease {
            guard TimingFunction(name: ease) != nil else {
                if let rule = TimingFunction.cubicBezierRule(for: ease) { throw CLIError.usage("--ease: \(rule); got \(SafeText.escaped(ease))") }
                throw CLIError.usage(Names.unknown(ease, flag: "--ease", allowed: TimingFunction.allNames + ["cubic-bezier(x1,y1,x2,y2)"]))
            }
            c.ease = ease
        }
        if let animations {
            do { c.animations = try AnimationSpec.parseList(animations) } catch let e as SceneError {
                throw CLIError.usage("--animations: \(e.message)")
            }
        }
        if let animation {
            c.animationType = C.AnimationType(rawValue: try Names.pick(animation, flag: "--animation",
                                                                       allowed: C.AnimationType.allCases.map(\.rawValue)))!
        }
        if let animationDuration {
            guard animationDuration.isFinite, animationDuration > 0 else {
                throw CLIError.usage("--animation-duration: must be a positive number of seconds, got \(animationDuration)")
            }
            c.animationDuration = animationDuration
        }
        if let damping {
            guard damping.isFinite, damping > 0 else { throw CLIError.usage("--damping: must be positive, got \(damping)") }
            c.damping = damping
        }
        if let velocity {
            guard velocity.isFinite else { throw CLIError.usage("--velocity: must be a finite number") }
            c.velocity = velocity
        }
        if let recursiveDepth {
            guard recursiveDepth >= 0 else { throw CLIError.usage("--recursive-depth: must not be negative, got \(recursiveDepth)") }
            c.recursiveDepth = recursiveDepth
        }
        if let exclude {
            c.exclude = exclude.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        try checkRelevance(for: c)
        if let bad = c.limitViolation { throw bad.usage }
        return c
    }

    /// A flag the chosen sort or animation ignores is a mistake worth a message, not silence.
    func checkRelevance(for c: ChoreographySpec) throws {
        typealias S = ChoreographySpec.Sort
        let uses: [String: (Set<S>, String)] = [
            "--corner": ([.cornered, .inline, .snake], "cornered, inline, snake"),
            "--position": ([.radial, .continuous, .continuousWeighted], "radial, continuous, continuous-weighted"),
            "--direction": ([.linear], "linear"),
            "--reversed": (Set(S.allCases).subtracting([.default, .random]), "every sort but default and random"),
            "--delay": (Set(S.allCases).subtracting([.continuous, .continuousWeighted]), "every sort but continuous and continuous-weighted"),
            "--duration": ([.continuous, .continuousWeighted], "continuous, continuous-weighted"),
            "--weights": ([.continuousWeighted], "continuous-weighted"),
            "--seed": ([.random], "random"),
            "--from": ([.stagger], "stagger"),
            "--amount": ([.stagger], "stagger"),
            "--axis": ([.stagger], "stagger"),
        ]
        for flag in given {
            if let (sorts, list) = uses[flag], !sorts.contains(c.sort) {
                throw CLIError.usage("\(flag) has no effect with --sort \(c.sort.rawValue); it applies to \(list)")
            }
        }
        if c.animationType == .standard {
            for flag in ["--damping", "--velocity"] where given.contains(flag) {
                throw CLIError.usage("\(flag) has no effect with --animation standard; it applies to --animation spring")
            }
        }
    }

    static func parseWeights(_ text: String) throws -> Weights {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else {
            throw CLIError.usage("--weights: expected horizontal,vertical (e.g. heavy,light or 2,0.5), got \"\(text)\"")
        }
        return Weights(horizontal: try weight(parts[0]), vertical: try weight(parts[1]))
    }

    static func weight(_ text: String) throws -> WeightSpec {
        if let w = WeightSpec.parse(text) { return w }
        throw CLIError.usage(Names.unknown(text, flag: "--weights", allowed: ["light", "medium", "heavy", "<number ≥ 0>"]))
    }
}

enum Check {
    /// A time in seconds: 0…`SceneLimits.maximumFilmSeconds`.
    static func seconds(_ v: Double, _ flag: String) throws -> Double {
        if let bad = LimitViolation.seconds(String(flag.dropFirst(2)), v) { throw CLIError.usage("\(flag): \(bad.message)") }
        return v
    }
}
