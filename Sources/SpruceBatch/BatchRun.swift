import Foundation
import SpruceRender

/// One shard of a manifest, run: the manifest read, every item planned (`BatchItemPlan`, through the front end's
/// `Events.plan`), collisions refused (`BatchCollisions`), the items dealt to shards (`Sharding`), this shard's
/// items run `workers` at a time with their records (`BatchRunner`), and the report written atomically last.
/// Items name their scenes and outputs relative to the manifest: `run` makes its folder the current one.
public struct BatchRun {
    /// The manifest (.yaml, .yml or .json), an existing file.
    public var manifest: URL
    /// The report's file, when one is asked for.
    public var report: URL?
    /// Shard `shard` (from 1) of `shards`.
    public var shard = 1, shards = 1
    public var workers = 1
    /// Run every item, even one whose output is up to date.
    public var force = false
    /// The program's version, for the report.
    public var version: String

    public init(manifest: URL, report: URL? = nil, version: String) {
        (self.manifest, self.report, self.version) = (manifest.standardizedFileURL, report?.standardizedFileURL, version)
    }

    /// Why the batch cannot run (an item's failure is its entry's, not the run's).
    public enum Problem: Error {
        /// The manifest's bytes cannot be read.
        case unreadable
        /// The manifest's folder, where the items' paths start, cannot be made the current folder (it went away
        /// after the manifest was read): `reason` in the system's words.
        case folder(reason: String)
        /// The manifest as a whole is malformed.
        case manifest(ManifestError)
        /// The report cannot be written.
        case report(Error)
        /// The report would be written over the file the item at this index reads (its scene file or an image).
        case reportIsInput(item: Int)
        /// The report would be written over a file the item at this index writes (`label`: "out" or the flag of
        /// another of its files, `path` as the item names it), or the two are one inside the other (`nested`).
        case reportIsOutput(item: Int, label: String, path: String, nested: Bool)
    }

    /// What the front end does for a run: plan an item from its manifest entry, run one item's command line (its
    /// exit status and last error line), and hear of its progress.
    public struct Events {
        public var plan: (BatchManifest.Item) -> BatchItemPlan
        public var render: ([String]) -> (status: Int32, message: String?)
        /// Planning starts (it builds every item's film, whose frames weigh the shards).
        public var planning: () -> Void = {}
        /// Asked before each item is planned; throwing stops the run.
        public var checkInterrupted: () throws -> Void = {}
        /// Asked before each item starts; true stops the items not yet started.
        public var isCancelled: () -> Bool = { false }
        /// One item ended (called once per item, one at a time).
        public var finished: (BatchReport.Entry) -> Void = { _ in }
        /// Every item ended: the shard's summary line ("shard 1/1: 3 of 3 items: …"), before the report is written.
        public var summary: (String) throws -> Void = { _ in }

        public init(plan: @escaping (BatchManifest.Item) -> BatchItemPlan,
                    render: @escaping ([String]) -> (status: Int32, message: String?)) {
            (self.plan, self.render) = (plan, render)
        }
    }

    /// Runs the shard's items and returns its report, already written when `report` names a file.
    public func run(_ events: Events) throws -> BatchReport {
        let data: Data
        do { data = try RegularFile.contents(of: manifest.path, maximumBytes: BatchManifest.maximumBytes) } catch let problem as RegularFile.Problem {
            // Bounded before it is read, and never a FIFO or a device that a read would wait on or never finish.
            if case .cannotOpen = problem { throw Problem.unreadable }
            throw Problem.manifest(ManifestError("", problem.words))
        } catch {
            throw Problem.unreadable
        }
        let parsed: BatchManifest
        do { parsed = try BatchManifest(data, yaml: manifest.pathExtension.lowercased() != "json") } catch let e as ManifestError {
            throw Problem.manifest(e)
        }
        guard chdir(manifest.deletingLastPathComponent().path) == 0 else {
            throw Problem.folder(reason: String(cString: strerror(errno)))
        }
        let records = RenderStamp.folder(besideManifest: manifest)
        RenderStamp.removeStale(in: records)
        events.planning()
        var runs: [BatchItemPlan] = []
        for item in parsed.items {
            try events.checkInterrupted()
            runs.append(events.plan(item))
        }
        // The report is written once the items ran: over a file an item reads, it would destroy that item's input;
        // over one an item writes, that item's output (the item cannot run, and the file may be the user's).
        if let report {
            if let reader = BatchCollisions.reader(of: report.path, in: runs) { throw Problem.reportIsInput(item: reader) }
            if let writer = BatchCollisions.writer(of: report.path, in: runs) {
                throw Problem.reportIsOutput(item: writer.item, label: writer.label, path: writer.path, nested: writer.nested)
            }
        }
        let own = [(manifest.path, "the manifest"), (records.path, "the records folder")]
        // No item writes over the manifest, the records, another item's files, or what another item reads.
        BatchCollisions.check(&runs, own: own)
        let shardOf = Sharding.assign(estimates: runs.map(\.frames), shards: shards)
        let chosen = runs.indices.filter { shardOf[$0] == shard - 1 }.map { runs[$0] }
        var runner = BatchRunner(records: records)
        (runner.force, runner.workers) = (force, workers)
        let results = runner.run(chosen.map(\.job), isCancelled: events.isCancelled,
                                 render: { events.render(chosen[$0].arguments) }, finished: events.finished)
        let summary = BatchReport(version: version, shard: shard, shards: shards, items: results)
        let counts = [BatchReport.Status.rendered, .skipped, .failed].map { s in "\(results.filter { $0.status == s }.count) \(s.rawValue)" }
        try events.summary("shard \(shard)/\(shards): \(results.count) of \(runs.count) items: \(counts.joined(separator: ", "))")
        if let report {
            do { try AtomicFile.write(summary.json(), to: report) } catch { throw Problem.report(error) }
        }
        return summary
    }
}
