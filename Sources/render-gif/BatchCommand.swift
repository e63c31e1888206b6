import ArgumentParser
import Foundation
import SpruceBatch
import SpruceJobs
import SpruceProcess
import SpruceRender

/// `render-gif batch MANIFEST [--shard I/N] [--jobs J] [--report r.json]`: many renders from one manifest, split
/// deterministically across machines, J at a time on each.
struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render every item of a YAML or JSON manifest; shard the work across machines.",
        discussion: """
            The manifest lists items, each a scene (a file or a built-in name), an output and optional flags as \
            `render-gif render` takes them. Paths are relative to the manifest's folder; output folders are \
            created. Each item is rendered by its own render-gif process; a failed item does not stop the others \
            but makes the exit status 1. An item whose output exists and whose record (in .spruce-batch/ beside \
            the manifest: a SHA-256 of the program version, the scene file, the output path and the flags) matches \
            is skipped. An item sets the recipe by fields named as in a scene file (sort, corner, delay, animation, \
            damping, size, fps, loop, hold, ...) or by flags; flags also take every other render option.

              items:
                - {scene: grid, out: reel/cornered.gif, sort: cornered, corner: topRight}
                - {scene: grid, out: reel/cornered.mp4, flags: [--sort, cornered, --crf, 18]}
                - {scene: screens/feed.json, out: reel/feed.mp4}

            --shard I/N renders the items of shard I: items are dealt, heaviest first by estimated frames, to \
            the shard with the least work, so the N shards cover every item exactly once on any machine.

            EXAMPLES
              render-gif batch reel.yaml --jobs 2 --report report.json
              render-gif batch reel.yaml --shard 3/4      (machine 3 of 4)

            \(ExitStatus.help)
            """)

    @Argument(help: ArgumentHelp("The manifest: .yaml, .yml or .json.", valueName: "manifest"), completion: .file(extensions: ["yaml", "yml", "json"]))
    var manifest: String

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Render only shard I of N (1…N).", valueName: "I/N"))
    var shard: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Renders at once on this machine, 1…64 (default 1; each render uses every core).", valueName: "n"), transform: DecimalArgument.parse)
    var jobs: Double?

    @Option(help: ArgumentHelp("Also write the per-item results as JSON to this file.", valueName: "file.json"), completion: .file(extensions: ["json"]))
    var report: String?

    @Flag(help: "Render every item, even those whose outputs are up to date.")
    var force = false

    func run() throws {
        let interrupts = Interrupts()
        try interrupts.install()
        let reportURL = report.map { URL(plainPath: $0).standardizedFileURL }
        var run = BatchRun(manifest: URL(plainPath: manifest), report: reportURL, version: SpruceForLinux.version)
        do { try run.read(shard: shard, workers: jobs) } catch let problem as BatchRun.SettingProblem {
            switch problem {
            case .shardNotAPair(let text): throw PartOptions.notAPair(text, flag: "--shard", shape: "I/N")
            case .shardIndex(let text): throw CLIError.usage("--shard '\(text)': I must be in 1…N, e.g. --shard 2/4")
            case .workers(let count): throw CLIError.usage("--jobs: must be a whole number in 1…64, got \(count)")
            }
        }
        try OutputPlan.checkNames([("--report", report)])
        let kind = FileKind.of(manifest)
        guard kind == .regular else {
            let problem = FileKind.isFileNamedAsFolder(manifest) ? ": \(FileKind.fileNamedAsFolder)"
                : kind == .missing ? " does not exist" : " is \(kind.article), not a file"
            throw CLIError(message: "batch: manifest '\(manifest)'\(problem)", code: ExitStatus.noInput)
        }
        var plan = OutputPlan()
        plan.output("--report", reportURL?.path)
        plan.input("the manifest", manifest)
        try plan.check()
        run.force = force
        // The child is in a process group of its own: the signal the batch received is passed on to it, once.
        var events = BatchRun.Events(plan: BatchItemRun.plan, render: { BatchChild.render($0) { interrupts.receivedSignal } })
        events.planning = { RenderPhase.enter("batch", cancellation: interrupts.cancellation) }
        events.checkInterrupted = { if let interrupted = interrupts.interruption() { throw interrupted } }
        events.isCancelled = { interrupts.cancellation.isCancelled }
        events.finished = { entry in
            StandardStreams.print(SafeText.escaped(entry.line))
            fflush(stdout)
        }
        events.summary = { line in
            StandardStreams.print("batch: \(line)")
            try StandardStreams.flushOutput()
        }
        let summary: BatchReport
        do { summary = try run.run(events) } catch let problem as BatchRun.Problem {
            switch problem {
            case .unreadable: throw CLIError(message: "batch: cannot read '\(manifest)'", code: ExitStatus.noInput)
            case .folder(let reason):
                throw CLIError(message: "batch: cannot work in the folder of '\(manifest)' (\(reason))", code: ExitStatus.noInput)
            case .manifest(let e): throw CLIError(message: "manifest \(manifest): \(e)", code: ExitStatus.dataError)
            case .report(let error): throw CLIError(message: "--report: \(error)", code: ExitStatus.ofFailedOutput(error))
            case .reportIsInput(let item):
                throw CLIError(message: "--report '\(report ?? "")': it is read by items[\(item)] (its scene or an image); writing there "
                               + "would destroy an input", code: ExitStatus.cannotCreate)
            case .reportIsOutput(let item, let label, let path, let nested):
                let file = "items[\(item)]'s \(label) '\(path)'"
                throw CLIError(message: "--report '\(report ?? "")': " + (nested ? "it and \(file) are one inside the other; give the report its own place"
                                                                        : "it is \(file); writing there would destroy that item's output"),
                               code: ExitStatus.cannotCreate)
            }
        }
        let written = summary.items.filter { $0.status == .rendered }.map(\.out) + (report.map { [$0] } ?? [])
        if let interrupted = interrupts.interruption(written: written) { throw interrupted }
        if summary.failed > 0 { throw ExitCode(1) }
    }
}
