import ArgumentParser
import Foundation
import SpruceFilm
import SpruceJobs
import SpruceProcess
import SpruceRender
import SpruceReview
import SpruceScene
import SpruceVideo

/// `render-gif compare A B --out diff.mp4`: two versions of a choreography side by side, and what changed.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Play two versions of a choreography side by side and say what changed.",
        discussion: """
            A and B are scenes (files or built-in names); or give one scene and two sets of flags with --a and --b. \
            Prints the views whose start, duration or settling time changed, and the largest pixel difference and \
            when; exits 0 when the films are equal and 1 when they differ, so scripts can use it.

            EXAMPLES
              render-gif compare before.yaml after.yaml --out ab.mp4
              render-gif compare grid --a "--damping 0.5" --b "--damping 0.8" --out ab.gif --difference
              render-gif compare grid --a "--delay 0.025" --b "--delay 0.05" --out worst.png
                  A PNG shows the moment of the largest difference.

            EXIT STATUS
              0    the films are equal   1    they differ
              64 and up as for render (see render-gif --help)
            """)

    @Argument(help: ArgumentHelp("Scene A (and the scene for --a/--b when B is left out).", valueName: "A"), completion: .file(extensions: ["json", "yaml", "yml"]))
    var sceneA: String

    @Argument(help: ArgumentHelp("Scene B (default: scene A).", valueName: "B"), completion: .file(extensions: ["json", "yaml", "yml"]))
    var sceneB: String?

    @Option(name: .customLong("a"), parsing: .unconditional, help: ArgumentHelp("render flags for A, in one argument: --a \"--damping 0.5\".", valueName: "flags"))
    var flagsA: String?

    @Option(name: .customLong("b"), parsing: .unconditional, help: ArgumentHelp("render flags for B.", valueName: "flags"))
    var flagsB: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Side-by-side film: .mp4, .gif (or .png: the frame where they differ most).",
                                                    valueName: "path"), completion: .file(extensions: ["mp4", "gif", "png"]))
    var out: String?

    @Flag(help: "Add a third pane: red where A and B differ (needs films of one size).")
    var difference = false

    @Flag(name: .shortAndLong, help: "No progress bar (it is drawn only when stderr is a terminal anyway).")
    var quiet = false

    func run() throws { try Interrupts.handling(compare) }

    private func compare(_ interrupts: Interrupts, _: WrittenOutputs) throws {
        if sceneB == nil, flagsA == nil, flagsB == nil {
            throw CLIError.usage("compare needs two scenes, or one scene with --a and --b flags")
        }
        try OutputPlan.checkNames([("--out", out)])  // before a format is read from the name
        let output = try worded { try out.map(ComparisonOutput.init(path:)) }
        let a = try Self.side(scene: sceneA, givenAs: "A", flags: flagsA, side: "--a")
        let b = try Self.side(scene: sceneB ?? sceneA, givenAs: sceneB == nil ? "A" : "B", flags: flagsB, side: "--b")
        let comparison: SceneComparison
        do { comparison = try SceneComparison(a: a, b: b, difference: difference) } catch let e as ReviewError {
            if case let .differentSizes(a, b) = e { throw CLIError.usage("--difference needs films of one size; \(ReviewError.sizes(a, b))") }
            throw CLIError.usage("\(e)")
        }
        try worded { try output?.check(comparison, label: "--out") }
        // Two bars on stderr (a terminal only): the films read and compared, then the side-by-side film written.
        let bar = TerminalProgressBar(quiet: quiet)
        defer { bar.finish() }
        RenderPhase.enter("compare", cancellation: interrupts.cancellation)
        let result = try comparison.compare(cancellation: interrupts.cancellation, progress: bar.update)
        bar.finish()
        try output?.write(comparison, largestDifference: result.largestDifferenceFrame, cancellation: interrupts.cancellation,
                          progress: RenderPhase.onFirstProgress("encode-frames", cancellation: interrupts.cancellation, then: bar.update))
        StandardStreams.print(comparison.report(result), terminator: "")
        if !result.isEqual { throw ExitCode(1) }
    }

    /// `ComparisonOutput`'s problems worded by the flags.
    private func worded<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as ComparisonOutput.Problem {
            switch e {
            case .notAComparisonFormat(let path): throw CLIError.usage("--out: compare writes .mp4, .gif or .png, got \"\(path)\"")
            case .gifFrameRate(let fps): throw EncodingOptions.rateError(fps, format: .gif, source: "compare")
            }
        }
    }

    /// One side as `render-gif --scene SCENE FLAGS` would play it (`SceneComparison.Side`); its flags are refused
    /// when they write files of their own or do not change the film. A scene that cannot be found is named by its
    /// argument (`label`: A or B).
    static func side(scene: String, givenAs label: String, flags: String?, side: String) throws -> SceneComparison.Side {
        let words = (flags ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        if let help = words.first(where: { ["--help", "-h", "--version", "help"].contains($0) }) {
            throw CLIError.usage("\(side): \(help) is not a film flag; see render-gif --help for them")
        }
        // A side's scene is A or B and its film goes into compare's --out, as a batch item's are its scene and out.
        if let name = TargetFlags.first(in: words) {
            throw CLIError.usage("\(side): must not repeat \(name); compare's scenes (A, B) and its --out give it")
        }
        let render: Render
        do { render = try Render.parse(["--scene", scene] + words) } catch {
            throw CLIError.usage("\(side): \(RenderGif.oneLine(Render.message(for: error)))")
        }
        // Flags that write files of their own would be silently ignored here: compare writes only its own --out.
        let writers = [("--out", render.out != nil), ("--timing", render.timing != nil), ("--lottie", render.lottieOptions.lottie != nil),
                       ("--print-swift", render.printSwift), ("--sheet/--timing-chart/--curves", render.review.isRequested)]
        if let (flag, _) = writers.first(where: \.1) {
            throw CLIError.usage("\(side): \(flag) writes a file of its own; compare takes the film's flags only and writes its --out")
        }
        // Flags about one output's encoding, a part of the film or listing scenes were taken and dropped (--quality 4k
        // compared equal to the film without it).
        let e = render.encoding
        // --threads, --views and the --sheet-* settings were dropped unchecked (--threads 0 was taken).
        let ignored = [("--quality", render.sceneOptions.quality != nil),
                       ("--segment/--frames/--keyint", render.parts.isRequested || render.parts.keyint != nil),
                       ("--list-scenes", render.sceneOptions.listScenes), ("--at", render.at != nil),
                       ("--format/--crf/--preset/--plays/--animated/--optimize",
                        e.format != nil || e.crf != nil || e.preset != nil || e.plays != nil || e.animated || e.optimize),
                       ("--threads", e.threads != nil), ("--quiet", e.quiet),
                       ("--views", render.review.curvesOptions.views != nil),
                       ("--sheet-frames/--sheet-every/--sheet-times/--sheet-columns/--sheet-width", render.review.outputs.sheetSettingsGiven)]
        if let (flag, _) = ignored.first(where: \.1) {
            throw CLIError.usage("\(side): \(flag) has no effect on the film compare plays; leave it out"
                                 + (flag == "--quality" ? " (give --scale and --fps)" : ""))
        }
        let located = try SceneLocator.load(render.sceneOptions.scene, givenAs: label)
        do {
            return try SceneComparison.Side(recipe: try render.recipe(located), scene: scene, settings: flags)
        } catch let e as CLIError {
            throw CLIError(message: "\(side): \(e.message)", code: e.code)
        } catch let e as IgnoredOverride {
            throw CLIError.usage("\(side): \(e.usage.message)")
        } catch let e as RecipeProblem {
            throw CLIError.usage("\(side): \(e.usage.message)")
        } catch let e as SceneError where (try? render.recipeOverrides())?.cause(of: e) == .field("hold") {
            throw CLIError.usage("\(side): --hold: \(e.message)")
        } catch {
            throw CLIError.usage("\(side): invalid choreography: \(error)")
        }
    }
}
