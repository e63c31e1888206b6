import ArgumentParser
import Spruce
import SpruceScene

/// Every Spruce choice as a flag. All are optional: a flag given overrides the scene file's
/// `choreography` value of the same name, a flag left out keeps it.
struct ChoreographyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Sort function, the order views start in: default, linear, cornered, radial, random, "
                               + "inline, continuous, continuous-weighted, snake, stagger.", valueName: "name"))
    var sort: Choice<SortSpec.Name>?

    @Option(help: ArgumentHelp("Start corner of cornered, inline and snake: topLeft, topRight, bottomLeft, bottomRight.",
                               valueName: "corner"))
    var corner: Choice<Corner>?

    @Option(help: ArgumentHelp("""
        Origin of radial, continuous, continuous-weighted: topLeft, topMiddle, topRight, left, middle, right, \
        bottomLeft, bottomMiddle, bottomRight.
        """, valueName: "position"))
    var position: Choice<Position>?

    @Option(help: ArgumentHelp("Direction of linear: topToBottom, bottomToTop, leftToRight, rightToLeft.",
                               valueName: "direction"))
    var direction: Choice<Direction>?

    @Flag(inversion: .prefixedNo, help: "Play the sort's order backwards (not default, random).")
    var reversed: Bool?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seconds between one view's start and the next's (Spruce's interObjectDelay; "
                               + "stagger's `each`). Not for the continuous sorts.", valueName: "seconds"), transform: DecimalArgument.parse)
    var delay: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Total spread of the continuous sorts, in seconds.", valueName: "seconds"), transform: DecimalArgument.parse)
    var duration: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("continuous-weighted's horizontal,vertical weights: light, medium, heavy or numbers "
                               + "(e.g. heavy,light or 2,0.5).", valueName: "h,v"))
    var weights: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seed of the random sort (same seed, same order).", valueName: "n"))
    var seed: UInt64?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("stagger: where the wave starts: start, center, end, edges, a view index, or x,y in points.",
                               valueName: "origin"))
    var from: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("stagger: total spread in seconds, instead of --delay per step.", valueName: "seconds"), transform: DecimalArgument.parse)
    var amount: Double?

    @Option(help: ArgumentHelp("stagger: measure distance along x or y only.", valueName: "x|y"))
    var axis: Choice<StaggerAxis>?

    @Option(help: ArgumentHelp("Easing of the offset distribution (any sort): an Advance timing name such as "
                               + "easeIn, easeOutCubic, or cubic-bezier(x1,y1,x2,y2).", valueName: "timing"))
    var ease: EaseArgument?

    @Option(help: ArgumentHelp("Stock animations, comma-separated: fade-in, slide:DIR[:AMOUNT], spin[:AMOUNT], "
                               + "expand[:AMOUNT], contract[:AMOUNT]; AMOUNT is slightly, moderately, severely or a "
                               + "number (points, scale, radians or 90deg).", valueName: "list"))
    var animations: String?

    @Option(help: ArgumentHelp("Animation type: standard (ease-out curve) or spring (UIKit-style spring).",
                               valueName: "type"))
    var animation: Choice<ChoreographySpec.AnimationType>?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Each view's own animation duration in seconds.", valueName: "seconds"), transform: DecimalArgument.parse)
    var animationDuration: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("spring: damping ratio (1 = no overshoot).", valueName: "ratio"), transform: DecimalArgument.parse)
    var damping: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("spring: initial velocity (1 = the whole distance in one second; --velocity -0.5 starts "
                               + "moving away).", valueName: "v"), transform: DecimalArgument.parse)
    var velocity: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("How many levels of subviews below the animated view take part (0: direct subviews).",
                               valueName: "n"), transform: WholeArgument.parse)
    var recursiveDepth: Int?

    @Option(help: ArgumentHelp("Ids of views that do not animate, comma-separated.", valueName: "id,id"))
    var exclude: String?

    /// Every flag's value read and range-checked: a name that is no choice, a list that does not parse or a number
    /// out of its range is refused before the scene is read.
    func validate() throws {
        try CLIError.validating { try FieldFlags.check(overrides()) }
    }

    /// The flags given, as the recipe's overrides (the names and lists read; ranges are the recipe's to check).
    func overrides() throws -> FilmOverrides {
        try FieldFlags.reading {
            var o = FilmOverrides()
            o.sort = try sort?.value("--sort")
            let parameters: [SortParameter?] = [
                try corner.map { .corner(try $0.value("--corner")) }, try position.map { .position(try $0.value("--position")) },
                try direction.map { .direction(try $0.value("--direction")) }, reversed.map { .reversed($0) }, delay.map { .delay($0) },
                duration.map { .duration($0) }, amount.map { .amount($0) }, seed.map { .seed($0) },
                try weights.map { .weights(try FilmOverrides.weights(text: $0)) }, try from.map { .from(try FilmOverrides.from(text: $0)) },
                try axis.map { .axis(try $0.value("--axis")) }]
            parameters.compactMap { $0 }.forEach { o.set($0) }
            o.ease = try ease?.value()
            o.animations = try animations.map(FilmOverrides.animations(text:))
            o.animation = try animation?.value("--animation")
            (o.animationDuration, o.damping, o.velocity, o.recursiveDepth) = (animationDuration, damping, velocity, recursiveDepth)
            o.exclude = exclude.map(FilmOverrides.exclude(text:))
            return o
        }
    }

    /// A flag the chosen sort, animation or loop ignores is a mistake worth a message, not silence. `scene` is the
    /// scene before the flags.
    static func checkRelevance(_ o: FilmOverrides, for scene: SceneDocument) throws {
        if let ignored = o.ignoredOverride(for: scene.choreography, timeline: scene.timeline) { throw ignored.usage }
    }
}
