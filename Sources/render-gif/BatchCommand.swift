import ArgumentParser
import Foundation
import SpruceBatch
import SpruceRender
import SpruceScene
import SpruceVideo

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

    @Option(help: ArgumentHelp("Render only shard I of N (1…N).", valueName: "I/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Renders at once on this machine, 1…64 (default 1; each render uses every core).", valueName: "n"), transform: DecimalArgument.parse)
    var jobs: Double?

    @Option(help: ArgumentHelp("Also write the per-item results as JSON to this file.", valueName: "file.json"), completion: .file(extensions: ["json"]))
    var report: String?

    @Flag(help: "Render every item, even those whose outputs are up to date.")
    var force = false

    func run() throws {
        let interrupts = Interrupts()
        try interrupts.install()
        let (index, count) = try shardNumbers()
        let workers = try jobCount()
        try OutputPlan.checkNames([("--report", report)])
        let kind = FileKind.of(manifest)
        guard kind == .regular else {
            throw CLIError(message: "batch: manifest '\(manifest)' \(kind == .missing ? "does not exist" : "is \(kind.article), not a file")",
                           code: ExitStatus.noInput)
        }
        let reportURL = report.map { URL(fileURLWithPath: $0).standardizedFileURL }
        var plan = OutputPlan()
        plan.output("--report", reportURL?.path)
        plan.input("the manifest", manifest)
        try plan.check()
        let manifestURL = URL(fileURLWithPath: manifest).standardizedFileURL
        let parsed: BatchManifest
        do {
            guard let data = FileManager.default.contents(atPath: manifestURL.path) else {
                throw CLIError(message: "batch: cannot read '\(manifest)'", code: ExitStatus.noInput)
            }
            parsed = try BatchManifest(data, yaml: manifestURL.pathExtension.lowercased() != "json")
        } catch let e as ManifestError {
            throw CLIError(message: "manifest \(manifest): \(e)", code: ExitStatus.dataError)
        }
        // Items name their scenes and outputs relative to the manifest, wherever the batch is started from.
        FileManager.default.changeCurrentDirectoryPath(manifestURL.deletingLastPathComponent().path)
        let records = RenderStamp.folder(besideManifest: manifestURL)
        RenderStamp.removeStale(in: records)

        RenderPhase.enter("batch", cancellation: interrupts.cancellation)
        // Planning builds every item's film (its frame count weighs the shards): Ctrl-C stops it between items.
        var runs: [BatchItemPlan] = []
        for item in parsed.items {
            if let interrupted = interrupts.interruption() { throw interrupted }
            runs.append(BatchItemRun.plan(item))
        }
        let own: [(path: String, what: String)] = [(manifestURL.path, "the manifest"), (records.path, "the records folder")]
            + (reportURL.map { [($0.path, "the --report")] } ?? [])
        // No item writes over the manifest, the report, the records, another item's files, or what another item reads.
        BatchCollisions.check(&runs, own: own)
        let shards = Sharding.assign(estimates: runs.map(\.frames), shards: count)
        let mine = runs.indices.filter { shards[$0] == index - 1 }
        var runner = BatchRunner(records: records)
        (runner.force, runner.workers) = (force, workers)
        // The child is in a process group of its own: the signal the batch received is passed on to it, once.
        let chosen = mine.map { runs[$0] }
        let results = runner.run(chosen.map(\.job), isCancelled: { interrupts.cancellation.isCancelled },
                                 render: { i in BatchItemRun.runChild(chosen[i].arguments) { interrupts.receivedSignal } },
                                 finished: { entry in
                                     StandardStreams.print(SafeText.escaped(entry.line))
                                     fflush(stdout)
                                 })

        let summary = BatchReport(version: SpruceForLinux.version, shard: index, shards: count, items: results)
        let counts = [BatchReport.Status.rendered, .skipped, .failed].map { s in "\(results.filter { $0.status == s }.count) \(s.rawValue)" }
        StandardStreams.print("batch: shard \(index)/\(count): \(results.count) of \(runs.count) items: \(counts.joined(separator: ", "))")
        try StandardStreams.flushOutput()
        if let reportURL {
            do { try AtomicFile.write(summary.json(), to: reportURL) } catch {
                throw CLIError(message: "--report: \(error)", code: ExitStatus.ofFailedOutput(error))
            }
        }
        let written = results.filter { $0.status == .rendered }.map(\.out) + (report.map { [$0] } ?? [])
        if let interrupted = interrupts.interruption(written: written) { throw interrupted }
        if summary.failed > 0 { throw ExitCode(1) }
    }

    private func shardNumbers() throws -> (Int, Int) {
        guard let shard else { return (1, 1) }
        let (i, n) = try PartOptions.pair(shard, separator: "/", flag: "--shard", shape: "I/N")
        guard n >= 1, (1...n).contains(i) else { throw CLIError.usage("--shard '\(shard)': I must be in 1…N, e.g. --shard 2/4") }
        return (i, n)
    }

    private func jobCount() throws -> Int {
        guard let jobs else { return 1 }
        guard jobs.isFinite, jobs.rounded() == jobs, (1...64).contains(jobs) else {
            throw CLIError.usage("--jobs: must be a whole number in 1…64, got \(jobs)")
        }
        return Int(jobs)
    }
}
