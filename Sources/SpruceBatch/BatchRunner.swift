import Foundation
import SpruceRender

/// Runs a shard's items `workers` at a time and keeps their records: an item whose output exists and whose record
/// matches is skipped (unless `force`), a new record is written only after its item rendered, and a record set
/// aside while an item runs is put back if the item fails. What renders an item is the caller's (`render`: a child
/// process, its exit status and last error line); the runner knows items, records and the report.
public struct BatchRunner {
    /// One item ready to run: its report entry so far (index, scene, out, estimated frames), the stamp that says
    /// whether its output is up to date, or the problem found while planning it (with the exit status the render
    /// would have given).
    public struct Job {
        public var entry: BatchReport.Entry
        public var stamp: RenderStamp?
        public var problem: (message: String, status: Int32)?
        /// Every file the item writes, its out among them: it is up to date only while all of them are there.
        public var writes: [String]

        public init(entry: BatchReport.Entry, stamp: RenderStamp?, problem: (message: String, status: Int32)?, writes: [String] = []) {
            (self.entry, self.stamp, self.problem, self.writes) = (entry, stamp, problem, writes)
        }
    }

    /// The exit status a render gives for an output it cannot create (EX_CANTCREAT): an item whose record's place
    /// holds something the batch did not write fails with it.
    public static let cannotCreate: Int32 = 73

    public var records: URL
    public var force = false
    public var workers = 1

    public init(records: URL) { self.records = records }

    /// The report entry of every job, in order. `finished` is called once per item, under a lock, as it ends (for
    /// its line); `isCancelled` is asked before an item starts; `render` runs the job at an index of `jobs` and
    /// returns its exit status and last error line.
    public func run(_ jobs: [Job], isCancelled: () -> Bool, render: (Int) -> (status: Int32, message: String?),
                    finished: (BatchReport.Entry) -> Void) -> [BatchReport.Entry] {
        let lock = NSLock()
        var next = 0
        var results = [BatchReport.Entry?](repeating: nil, count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(jobs.count, 1))) { _ in
            while true {
                lock.lock()
                let i = next
                next += 1
                lock.unlock()
                guard i < jobs.count else { return }
                let entry = perform(jobs[i], isCancelled: isCancelled) { render(i) }
                lock.lock()
                results[i] = entry
                finished(entry)
                lock.unlock()
            }
        }
        return results.map { $0! }
    }

    private func perform(_ job: Job, isCancelled: () -> Bool, render: () -> (status: Int32, message: String?)) -> BatchReport.Entry {
        var entry = job.entry
        entry.status = .failed
        guard let stamp = job.stamp, job.problem == nil else {
            (entry.message, entry.exitStatus) = (job.problem?.message, job.problem?.status)
            return entry
        }
        let out = URL(plainPath: entry.out)
        let found = RenderStamp.found(for: out, in: records)
        if case .foreign(let what) = found {
            (entry.message, entry.exitStatus) = ("its record \(what)", Self.cannotCreate)
            return entry
        }
        if !force, stamp.isUpToDate(out, found: found), job.writes.allSatisfy({ FileKind.of($0) != .missing }) {
            entry.status = .skipped
            return entry
        }
        guard !isCancelled() else { entry.message = "not started: the batch was interrupted"; return entry }
        try? CreationMode.makeWritableFolder(out.deletingLastPathComponent())
        let aside = RenderStamp.setAside(for: out, in: records, found: found), outputBefore = RenderStamp.output(out)
        let start = Date()
        let (status, message) = render()
        RenderStamp.restore(aside, for: out, in: records, outputBefore: outputBefore)
        entry.seconds = Date().timeIntervalSince(start)
        guard status == 0 else {
            (entry.message, entry.exitStatus) = (message, status)
            return entry
        }
        do { try stamp.write(for: out, in: records) } catch {
            entry.message = "rendered, but its record cannot be written: \(error)"
            return entry
        }
        entry.status = .rendered
        return entry
    }
}
