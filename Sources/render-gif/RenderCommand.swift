import ArgumentParser
import Foundation
import Spruce
import SpruceFilm
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

    @Option(help: ArgumentHelp("PNG output only: the moment to draw, in seconds (default: when every view has arrived, or the end of a film cut before that).",
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
            StandardStreams.print(SceneLocator.listing())
            return try StandardStreams.flushOutput()
        }
        let (out, lottie) = try lottieOptions.split(out: self.out, format: encoding.format)
        try OutputPlan.checkNames(try writtenFiles())
        try review.check()
        guard out != nil || lottie != nil || timing != nil || printSwift || review.isRequested else {
            throw CLIError.usage("--out is required (or ask only for --print-swift, --timing, --sheet, --timing-chart, --curves or --lottie); e.g. --out demo.gif")
        }
        let format = try out.map { try encoding.outputFormat(for: $0) }
        if at != nil, format.map({ if case .png = $0 { return false } else { return true } }) ?? true {
            throw CLIError.usage("--at draws one frame, so it needs a .png output (--out still.png)")
        }
        if let at { _ = try Check.seconds(at, "--at") }
        try parts.check(format: format, out: out, optimize: encoding.optimize)
        if out == nil, encoding.format != nil || encoding.crf != nil || encoding.preset != nil {
            throw CLIError.usage("--format, --crf and --preset need an --out to encode")
        }

        RenderPhase.enter("scene", cancellation: interrupts.cancellation)
        let scene = try SceneLocator.load(sceneOptions.scene)
        try interrupts.cancellation.throwIfCancelled()
        let recipe = try recipe(scene)
        var document = try document(recipe)
        try checkIDs(document)

        let isGIF = format == .gif
        let quality = try sceneOptions.quality.map {
            QualityPreset(rawValue: try Names.pick($0, flag: "--quality", allowed: QualityPreset.allCases.map(\.rawValue)))!
        }
        if sceneOptions.scale == nil, let quality {
            document.canvas.scale = quality.scale(canvasWidth: document.canvas.width)
        }
        if let bad = document.canvas.limitViolation { throw bad.usage }
        let pixels = (document.canvas.width * document.canvas.scale, document.canvas.height * document.canvas.scale)
        if let format, format != .png(frame: 0),
           let problem = EncoderLimits.problem(width: pixels.0.rounded(), height: pixels.1.rounded(), format: format) {
            throw CLIError.usage("--size/--scale: \(problem)")
        }
        var plan = OutputPlan()
        for (flag, path) in try writtenFiles() { plan.output(flag, path, isDirectory: flag == "--out" && path == out && format == .pngSequence) }
        if let url = scene.url { plan.input("the scene file", url.path) }
        for (place, url) in document.imageInputs { plan.input("the image of \(place)", url.path) }
        try plan.check()
        // --fps, else the preset's, else the scene's, else the output's default (`FrameRatePolicy`).
        let policy = format?.frameRatePolicy ?? .video
        var fps = recipe.framesPerSecond(policy)
        var fpsSource = document.timeline.fps != nil && sceneOptions.fps == nil ? "the scene's timeline.fps" : "--fps"
        if sceneOptions.fps == nil, let quality {
            fps = quality.framesPerSecond(policy)
            fpsSource = "--quality \(quality.rawValue)"
        }
        if format == .webp { fps = try EncodingOptions.webpRate(fps, source: fpsSource) }
        if isGIF { fps = try EncodingOptions.gifRate(fps, source: fpsSource) }
        let transparent = document.canvas.background == nil
        if transparent, format == .mp4, sceneOptions.background != nil {
            throw CLIError.usage("--background transparent needs an output with alpha (gif, webm, png, frames); MP4 has none")
        }

        let player: SceneFilm
        do { player = try SceneFilm(document: document, framesPerSecond: fps) } catch { throw playerError(error, scene: scene) }

        // Every remaining flag is checked before anything is printed or written.
        var videoOptions: VideoOptions?
        if let format {
            if case .png = format {
                let time = at ?? player.film.stillTime
                guard time <= player.duration else {
                    throw CLIError.usage("--at \(String(format: "%g", time)) is after the end of the film (\(String(format: "%.3g", player.duration)) s)")
                }
            } else {
                videoOptions = try encoding.videoOptions(for: format, transparent: transparent, cancellation: interrupts.cancellation)
            }
        }

        let part = parts.isRequested ? try parts.part(of: player.film, format: format) : nil

        if printSwift {
            StandardStreams.print("// render-gif \(SpruceForLinux.version) --print-swift")
            StandardStreams.print(document.swiftCode(), terminator: "")
            try StandardStreams.flushOutput()
        }
        let contactSheet = try review.checkAgainst(player: player, sceneName: scene.name, cancellation: interrupts.cancellation)
        try review.curvesOptions.check(film: player.film)
        let lottieFlag = lottieOptions.lottie == nil ? "--out" : "--lottie"
        let lottieExport = try lottie.map { _ in try LottieOptions.export(player.film, flag: lottieFlag, cancellation: interrupts.cancellation) }
        if let out, let format {
            try write(player, to: out, as: format, options: videoOptions, part: part, cancellation: interrupts.cancellation)
            written.add(out)
        }
        try review.write(player: player, sceneName: scene.name, contactSheet: contactSheet, cancellation: interrupts.cancellation,
                         written: written)
        if let lottie, let lottieExport {
            try LottieOptions.write(lottieExport, to: lottie, flag: lottieFlag, quiet: encoding.quiet)
            written.add(lottie)
        }
        // Last, so that a failed render leaves no new timing file either.
        if let timing {
            RenderPhase.enter("timing", cancellation: interrupts.cancellation)
            try interrupts.cancellation.throwIfCancelled()
            do { try player.film.write(to: URL(fileURLWithPath: timing), as: .timingJSON) } catch {
                throw CLIError(message: "--timing: \(error)", code: ExitStatus.ofFailedOutput(error))
            }
        }
    }

    private func write(_ player: SceneFilm, to out: String, as format: OutputFormat, options: VideoOptions?,
                       part: (FrameRange, JoinableEncoding)?, cancellation: RenderCancellation) throws {
        let target = URL(fileURLWithPath: out, isDirectory: format == .pngSequence)
        if case .png = format {
            // Ctrl-C as for videos: the render stops (`RenderCancelled`, reported as an interruption) and
            // nothing is written, even when the signal arrives while the frame is being drawn.
            do {
                RenderPhase.enter("draw", cancellation: cancellation)
                try player.film.write(to: target, as: .png(at: at ?? player.film.stillTime, cancellation: cancellation))
            } catch let e as RenderError {
                throw CLIError(message: "\(e)", code: ExitStatus.ofFailedOutput(e))
            }
            return
        }
        guard let options else { return }
        let bar = TerminalProgressBar(quiet: encoding.quiet)
        defer { bar.finish() }
        RenderPhase.enter("encode", cancellation: cancellation)
        let progress = RenderPhase.onFirstProgress("encode-frames", cancellation: cancellation, then: bar.update)
        if let (range, joinable) = part {
            var options = options
            options.joinable = joinable
            return try player.film.write(to: target, as: .part(range, options, progress: progress))
        }
        if encoding.optimize, let gifsicle = GIFOptimizer.locate() {
            try GIFOptimizer.write(to: target, gifsicle: gifsicle, cancellation: options.cancellation) { try player.film.write(to: $0, as: .video(options, progress: progress)) }
            return
        }
        try player.film.write(to: target, as: .video(options, progress: progress))
    }

    /// Whether a flag changes the film's length; when none does, a film too long is the scene file's fault.
    /// Every file or folder this render writes, by the flag that names it (a Lottie `--out x.json` as `--out`);
    /// `batch` checks them against its manifest, its report and the other items.
    func writtenFiles() throws -> [(String, String?)] {
        let (out, lottie) = try lottieOptions.split(out: self.out, format: encoding.format)
        return [("--out", out), ("--timing", timing), (lottieOptions.lottie == nil ? "--out" : "--lottie", lottie),
                ("--sheet", review.sheet), ("--timing-chart", review.timingChart), ("--curves", review.curvesOptions.curves)]
    }

    /// Why the film could not be made, as a command line error: a flag's bad value (64), the scene file's own
    /// mistake (a view, its timeline, a choreography's target or exclude: bad data, 65), else a choreography the flags
    /// made invalid (64). `batch` plans its items with it, so an item fails with the status render gives.
    func playerError(_ error: Error, scene: SceneLocator.Located) -> CLIError {
        guard let e = error as? SceneError else { return CLIError.usage("invalid choreography: \(error)") }
        if let flag = sceneOptions.flagError(for: e) { return CLIError.usage(flag) }
        if e.path.hasPrefix("views") || (e.path.hasPrefix("timeline") && !timeFlagsGiven)
            || (e.path.hasPrefix("choreography") && (e.path.contains(".target") || (e.path.contains(".exclude") && choreography.exclude == nil))) {
            return CLIError(message: "scene \(scene.url?.path ?? "built-in " + sceneOptions.scene): \(e)", code: ExitStatus.dataError)
        }
        return CLIError.usage("invalid choreography: \(e)")
    }

    private var timeFlagsGiven: Bool {
        sceneOptions.hold != nil || sceneOptions.fps != nil || sceneOptions.quality != nil
            || (try? choreography.overrides())?.changesTiming ?? false
    }

    /// `--exclude` names views by id; a typo is a usage error with the ids the scene has.
    private func checkIDs(_ document: SceneDocument) throws {
        guard choreography.exclude != nil, !document.choreography.exclude.isEmpty else { return }
        let root: View
        do { root = try SceneBuilder(document).makeRoot() } catch {
            throw CLIError(message: "scene: \(error)", code: ExitStatus.dataError)
        }
        var ids: [String] = []
        func walk(_ v: View) { if let id = v.id { ids.append(id) }; v.subviews.forEach(walk) }
        walk(root)
        for id in document.choreography.exclude where !ids.contains(id) {
            throw CLIError.usage(Names.unknown(id, flag: "--exclude", allowed: Array(ids.prefix(12)) + (ids.count > 12 ? ["…"] : [])))
        }
    }
}
