import ArgumentParser
import Foundation
import Geometry
import SpruceFilm
import SpruceJobs
import SpruceScene

/// The screen and the film: which scene, its canvas, and how the film loops. Flags override the
/// scene file's `canvas` and `timeline` values.
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A built-in scene (grid, list, collection, phones, the examples cards, profile, ...: see "
                               + "--list-scenes), a scene of a $SPRUCE_SCENES folder, or a .json/.yaml/.yml scene file.",
                               valueName: "name|file"), completion: .file(extensions: ["json", "yaml", "yml"]))
    var scene: String = "grid"

    @Flag(help: ArgumentHelp("Print the scene names --scene takes, each with its one-line description: the built-in "
                             + "scenes, then the .json/.yaml files of the folders in $SPRUCE_SCENES (colon-separated, "
                             + "searched first)."))
    var listScenes = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Re-cut the scene's grid into this many rows (scenes with a grid only; the canvas stays).",
                               valueName: "n"), transform: WholeArgument.parse)
    var rows: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Re-cut the scene's grid into this many columns (scenes with a grid only).", valueName: "n"), transform: WholeArgument.parse)
    var columns: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Canvas size in points, e.g. 320x320.", valueName: "WxH"))
    var size: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Pixels per point (2 = Retina). Wins over --quality.", valueName: "x"), transform: DecimalArgument.parse)
    var scale: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Frames per second. Wins over --quality. Default: the scene's timeline.fps, else "
                               + "\(FrameRatePolicy.defaultsText) (docs/SceneFormat.md#frame-rate). GIF rates are 100/k (delays are whole centiseconds): 50, 33.33, 25, 20, 16.67, ...; "
                               + "33.33 plays at exactly 100/3.",
                               valueName: "n"), transform: DecimalArgument.parse)
    var fps: Double?

    @Option(help: ArgumentHelp("Quality preset: low, medium, high, 4k (see QUALITY PRESETS).", valueName: "preset"))
    var quality: Choice<QualityPreset>?

    @Option(help: ArgumentHelp("Canvas colour: #RGB, #RRGGBB, #RRGGBBAA, a name (white, black, sprucegreen, ...) "
                               + "or transparent (GIF, WebM, PNG and frames keep alpha).", valueName: "colour"))
    var background: String?

    @Option(help: ArgumentHelp("Film shape: in, in-hold, in-out, in-hold-out (views animate back out, last in "
                               + "first out), in-hold-fade (every animated view fades out after the hold), in-hold-reverse (the entrance played backwards, as the README gifs "
                               + "do); the -out and -reverse shapes loop seamlessly.", valueName: "style"))
    var loop: Choice<FilmLoopShape.Name>?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seconds the finished screen holds still, −3600…3600 (negative, as in a scene: the way out "
                               + "starts that long before the last view is at rest; --hold -0.2).", valueName: "seconds"), transform: DecimalArgument.parse)
    var hold: Double?

    /// Every flag's value read and range-checked before the scene is read.
    func validate() throws {
        try CLIError.validating {
            var o = FilmOverrides()
            try add(to: &o)
            try FieldFlags.check(o)
        }
    }

    /// Puts the canvas, grid and timeline flags into the recipe's overrides (`--quality` is the output's: see
    /// `QualityPreset`).
    func add(to o: inout FilmOverrides) throws {
        try FieldFlags.reading {
            o.size = try size.map(FilmOverrides.size(text:))
            o.background = try background.map(FilmOverrides.background(text:))
        }
        (o.rows, o.columns, o.scale, o.fps, o.hold) = (rows, columns, scale, fps, hold)
        o.loop = try loop?.value("--loop")
    }
}
