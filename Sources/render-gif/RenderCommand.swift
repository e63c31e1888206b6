import ArgumentParser
import Foundation
import SpruceJobs
import SpruceProcess
import SpruceRender
import SpruceScene
import SpruceVideo

/// `render-gif [render]`: a scene, its choreography and a film shape in; a GIF, MP4, WebM, PNG,
/// folder of frames, timing export or Swift code out.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a Spruce choreography to GIF, MP4, WebM, PNG or a folder of frames.",
        discussion: """
            Every Spruce choice is a flag; a flag overrides the scene file's value of the same name. \
            The default scene, grid, is the 7×7 grid of the Spruce README gifs.

            SUBCOMMANDS (render is the default; `render-gif help NAME` for each)
              stitch    a folder of PNG frames to a video
              test      golden tests of scene files over time
              compare   two versions side by side, and what changed
              preview   a live preview in the browser
              join      parts of a film into one
              batch     many renders from one manifest

            EXAMPLES (`render` is the default subcommand and may be left out)
              render-gif --sort cornered --out demo.gif
                  The README gif: tiles spring in from the top-left corner,
                  hold, then leave in reverse order.
              render-gif --sort radial --animations fade-in,spin:90deg --out r.mp4
              render-gif --sort continuous-weighted --weights heavy,light \\
                  --duration 0.6 --out weighted.webm
              render-gif --sort stagger --from center --amount 0.6 \\
                  --ease easeOutCubic --rows 5 --columns 9 --out wave.gif
              render-gif --sort snake --corner bottomRight --animation standard \\
                  --animation-duration 0.4 --out snake.gif
              render-gif --sort cornered --out still.png --at 0.4 --quality high
                  One frame, 0.4 s into the film, at 2x scale.
              render-gif --scene list --sort linear --print-swift
                  The Spruce Swift code for this animation; nothing rendered.
              render-gif --scene my-screen.yaml --timing t.json --out review.mp4
              render-gif --sort random --seed 7 --out frames/
                  A folder of PNG frames: frames/frame_00000.png, ...
              render-gif stitch frames/ --fps 25 --out stitched.gif
                  Any folder of PNG frames, same encoder settings (see
                  `render-gif stitch --help`).

            \(QualityPreset.help)

            \(SceneLimits.summary)

            \(ExitStatus.help)
            """)

    @OptionGroup(title: "Scene and film") var sceneOptions: SceneOptions
    @OptionGroup(title: "Choreography") var choreography: ChoreographyOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file: .gif, .mp4, .webm, .png, .apng, .webp, .json (Lottie), or a folder path ending in / "
                                                    + "for PNG frames (a new or empty folder, or one render-gif made: "
                                                    + "only its own frames are replaced). Required unless only --print-swift, --timing, --sheet, --timing-chart, --curves or --lottie.",
                                                    valueName: "path"), completion: .file())
    var out: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("PNG output only: the moment to draw, in seconds (default: when every view has arrived, or the end of a film cut before that).",
                               valueName: "seconds"), transform: DecimalArgument.parse)
    var at: Double?

    @Option(help: ArgumentHelp("Also write the per-view start/end timings (JSON) to this file.", valueName: "file.json"), completion: .file(extensions: ["json"]))
    var timing: String?

    @Flag(help: ArgumentHelp("Print the Spruce Swift code that plays this animation (view.spruce.animate(...)); for a "
                             + "scene with several choreographies, one labelled block each, in order."))
    var printSwift = false

    @OptionGroup(title: "Encoding") var encoding: EncodingOptions

    @OptionGroup(title: "Design review") var review: ReviewOptions

    @OptionGroup(title: "Parts of a film, for render-gif join") var parts: PartOptions

    @OptionGroup(title: "Lottie") var lottieOptions: LottieOptions

    func run() throws { try Interrupts.handling(render) }

    private func render(_ interrupts: Interrupts, _ written: WrittenOutputs) throws {
        if sceneOptions.listScenes {
            guard out == nil, timing == nil, !printSwift, !review.isRequested else {
                throw CLIError.usage("--list-scenes prints the scene names and renders nothing; leave out --out, --timing, --print-swift, --sheet and --timing-chart")
            }
            StandardStreams.print(SceneCatalogue(environment: ProcessInfo.processInfo.environment).listing())
            return try StandardStreams.flushOutput()
        }
        var outputs = try self.outputs()
        RenderPhase.enter("scene", cancellation: interrupts.cancellation)
        let scene = try SceneLocator.load(sceneOptions.scene)
        try interrupts.cancellation.throwIfCancelled()
        let recipe = try recipe(scene)
        try ChoreographyOptions.checkRelevance(recipe.overrides, for: recipe.scene)
        outputs.quality = try sceneOptions.quality?.value("--quality")
        let job = RenderJob(recipe: recipe, sceneFile: scene.url, outputs: outputs, sceneName: scene.name)
        let bar = TerminalProgressBar(quiet: encoding.quiet)
        defer { bar.finish() }
        do {
            try job.run(cancellation: interrupts.cancellation, events: events(interrupts.cancellation, bar: bar, written: written))
        } catch {
            throw self.error(error, scene: scene)
        }
    }

    /// Why the film could not be made, as a command line error: a flag's bad value (64), the scene file's own
    /// mistake (a view, its timeline, a choreography's target or exclude: bad data, 65), else a choreography the flags
    /// made invalid (64). `batch` plans its items with it, so an item fails with the status render gives.
    func playerError(_ error: Error, sceneFile: URL?) -> CLIError {
        if let e = error as? RenderError { return CLIError(message: e.description, code: ExitStatus.ofFailedOutput(e)) }  // memory refused
        guard let e = error as? SceneError else { return CLIError.usage("invalid choreography: \(error)") }
        switch ((try? recipeOverrides()) ?? FilmOverrides()).cause(of: e, timingChangedElsewhere: sceneOptions.quality != nil) {
        case .field(let field): return CLIError.usage("\(FieldFlags.flag(field)): \(e.message)")
        case .scene: return CLIError(message: "scene \(sceneFile?.path ?? "built-in " + sceneOptions.scene): \(e)", code: ExitStatus.dataError)
        case .overrides: return CLIError.usage("invalid choreography: \(e)")
        }
    }
}
