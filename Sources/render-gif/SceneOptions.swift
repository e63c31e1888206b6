import ArgumentParser
import Foundation
import Geometry
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

    @Option(help: ArgumentHelp("Re-cut the scene's grid into this many rows (scenes with a grid only; the canvas stays).",
                               valueName: "n"))
    var rows: Int?

    @Option(help: ArgumentHelp("Re-cut the scene's grid into this many columns (scenes with a grid only).", valueName: "n"))
    var columns: Int?

    @Option(help: ArgumentHelp("Canvas size in points, e.g. 320x320.", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Pixels per point (2 = Retina). Wins over --quality.", valueName: "x"), transform: DecimalArgument.parse)
    var scale: Double?

    @Option(help: ArgumentHelp("Frames per second. Wins over --quality. Default: the scene's timeline.fps, else 50 "
                               + "for GIF and 60 otherwise. GIF rates are 100/k (delays are whole centiseconds): 50, 33.33, 25, 20, 16.67, ...; "
                               + "33.33 plays at exactly 100/3.",
                               valueName: "n"), transform: DecimalArgument.parse)
    var fps: Double?

    @Option(help: ArgumentHelp("Quality preset: low, medium, high, 4k (see QUALITY PRESETS).", valueName: "preset"), completion: .list(QualityPreset.allCases.map(\.rawValue)))
    var quality: String?

    @Option(help: ArgumentHelp("Canvas colour: #RGB, #RRGGBB, #RRGGBBAA, a name (white, black, sprucegreen, ...) "
                               + "or transparent (GIF, WebM, PNG and frames keep alpha).", valueName: "colour"))
    var background: String?

    @Option(help: ArgumentHelp("Film shape: in, in-hold, in-out, in-hold-out (views animate back out, last in "
                               + "first out), in-hold-fade (every animated view fades out after the hold), in-hold-reverse (the entrance played backwards, as the README gifs "
                               + "do); the -out and -reverse shapes loop seamlessly.", valueName: "style"), completion: .list(TimelineSpec.loopNames.map(\.rawValue)))
    var loop: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seconds the finished screen holds still, −3600…3600 (negative, as in a scene: the way out "
                               + "starts that long before the last view is at rest; --hold -0.2).", valueName: "seconds"), transform: DecimalArgument.parse)
    var hold: Double?

    var canvasFlags: [String] {
        [("--size", size != nil), ("--background", background != nil)].filter(\.1).map(\.0)
    }

    /// The document with canvas, grid and timeline flags applied (not scale or fps: they depend on the output).
    func apply(to base: SceneDocument) throws -> SceneDocument {
        var doc = base
        if let size {
            let parts = size.lowercased().split(separator: "x").map { Checked.decimal($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let w = parts[0], let h = parts[1], w.isFinite, h.isFinite, w > 0, h > 0 else {
                throw CLIError.usage("--size: expected WIDTHxHEIGHT in points, e.g. 320x320, got \"\(size)\"")
            }
            doc.canvas.width = w
            doc.canvas.height = h
            if let bad = doc.canvas.limitViolation, bad.key != "pixels" { throw bad.usage }
            // The root's views keep their frames; a view that filled the old canvas fills the new one.
            for i in doc.views.indices where doc.views[i].frame == CGRect(x: 0, y: 0, width: base.canvas.width, height: base.canvas.height) {
                doc.views[i].frame = CGRect(x: 0, y: 0, width: w, height: h)
                if doc.views[i].grid != nil { doc.views[i].grid!.tileSize = nil }
            }
        }
        if rows != nil || columns != nil {
            guard doc.hasGrid else {
                throw CLIError.usage("--rows/--columns: the scene \"\(scene)\" has no grid; they apply to scenes with a grid, such as grid")
            }
            do { doc = try doc.regridded(rows: rows, columns: columns) } catch let e as SceneError {
                throw CLIError.usage("--\(e.path): \(e.message)")
            }
            if let bad = doc.viewCountViolation { throw CLIError.usage("--rows/--columns: \(bad.message)") }
        }
        if let background {
            do { doc.canvas.background = try ColorName.parse(background) } catch {
                throw CLIError.usage("--background: \"\(background)\" is not a colour (#RGB, #RRGGBB, #RRGGBBAA, "
                                     + "transparent or a name: \(ColorName.names.joined(separator: ", ")))")
            }
        }
        if let loop {
            let name = try Names.pick(loop, flag: "--loop", allowed: TimelineSpec.loopNames.map(\.rawValue))
            if let shape = TimelineSpec.loopNames.first(where: { $0.rawValue == name }) { doc.timeline.loop = shape }
        }
        if let hold {
            // As a scene's timeline.hold: negative starts the out-phase that long before the last view is at rest.
            if let bad = LimitViolation.magnitude("hold", hold, atMost: SceneLimits.maximumFilmSeconds, " seconds") { throw bad.usage }
            doc.timeline.hold = hold
        }
        return doc
    }

    /// A film the flags made impossible, named by the flag rather than the scene key it set: `--hold -100` reaches
    /// back before the entrance starts.
    func flagError(for error: SceneError) -> String? {
        guard error.path == "timeline.hold", hold != nil else { return nil }
        return "--hold: \(error.message)"
    }
}
