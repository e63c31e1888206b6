import ArgumentParser
import Foundation
import SpruceJobs
import SpruceProcess
import SpruceRender
import SpruceScene
import SpruceVideo

/// `render-gif stitch FOLDER --out x.mp4`: any folder of PNG frames through the same encoder as renders.
struct Stitch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stitch",
        abstract: "Turn a folder of PNG frames into an MP4, GIF, WebM, PNG or another frames folder.",
        discussion: """
            Frames are the folder's .png files in natural name order (frame_2.png before frame_10.png); all must \
            have the first frame's size. The encoder settings are those of `render-gif render`.

            EXAMPLES
              render-gif stitch frames/ --fps 25 --out demo.gif
              render-gif stitch frames/ --fps 60 --crf 18 --preset slow --out demo.mp4

            \(ExitStatus.help)
            """)

    @Argument(help: ArgumentHelp("The folder of PNG frames.", valueName: "folder"), completion: .directory)
    var folder: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file: .gif, .mp4, .webm, .png, .apng, .webp, or a folder path ending in /.",
                                                    valueName: "path"), completion: .file())
    var out: String

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Frames per second (default 50 for GIF and WebP, 60 otherwise; GIF needs 100/k, WebP 1000/k).", valueName: "n"), transform: DecimalArgument.parse)
    var fps: Double?

    @Flag(help: "Keep the frames' alpha (GIF, WebM, PNG, frames); otherwise they are flattened over black.")
    var transparent = false

    @OptionGroup(title: "Encoding") var encoding: EncodingOptions

    func run() throws { try Interrupts.handling(stitch) }

    private func stitch(_ interrupts: Interrupts, _: WrittenOutputs) throws {
        try OutputPlan.checkNames([("--out", out)])
        let format = try encoding.outputFormat(for: out)
        var job = StitchJob(folder: URL(plainPath: folder, isDirectory: true), out: URL(plainPath: out, isDirectory: format == .pngSequence),
                            format: format)
        (job.framesPerSecond, job.transparent, job.encoding) = (fps, transparent, encoding.settings)
        do {
            try job.validate()
            RenderPhase.enter("stitch", cancellation: interrupts.cancellation)
            var plan = OutputPlan()
            plan.output("--out", out, isDirectory: format == .pngSequence)
            plan.input("the stitch folder", folder, isDirectory: true)
            try plan.check()
            let bar = TerminalProgressBar(quiet: encoding.quiet)
            defer { bar.finish() }
            try job.run(cancellation: interrupts.cancellation,
                        progress: RenderPhase.onFirstProgress("stitch-frames", cancellation: interrupts.cancellation, then: bar.update))
        } catch StitchJob.Problem.frameRate(let bad) { throw bad.usage } catch StitchJob.Problem.notPlayable(let rate, let format) {
            throw EncodingOptions.rateError(rate, format: format, source: "--fps")
        } catch StitchJob.Problem.noAlpha {
            throw EncodingOptions.noAlpha("--transparent")
        } catch StitchJob.Problem.folder(let what) {
            throw CLIError(message: "stitch: '\(folder)' \(what)", code: ExitStatus.noInput)
        } catch let problem as EncodingSettings.Problem { throw EncodingOptions.error(problem) }
    }
}
