import Foundation

/// `spruce-bench pool LOG…`: the runs of run logs (`ratios --runs`), pooled across their sets. One set describes
/// the hour it ran in as much as the build (sets of one build differ by about as much as their intervals allow);
/// runs pooled from sets at different hours give the median, and its 95 % interval, over all of them.
///
///     spruce-bench pool 4k.tsv                  # every set in the log
///     spruce-bench pool monday.tsv tuesday.tsv
///
/// Runs are grouped by build, scene and output, so two builds are never pooled together. A run that appears
/// twice (a log given twice) is refused rather than counted twice.
enum Pool {
    struct Group {
        let build: String, scene: String, output: String
        let sets: [(name: String, ratio: Spread)]
        let ratioToFile: Spread, ratioToPipe: Spread
        /// Median of our process's CPU a frame, milliseconds.
        let ownCPUPerFrame: Double
    }

    static func run(_ paths: [String]) throws {
        guard !paths.isEmpty else { throw BenchError("pool needs at least one run log (written by `ratios --runs FILE`)") }
        let groups = try pool(paths.flatMap { try RunLog.read($0) })
        guard !groups.isEmpty else { throw BenchError("the run logs hold no runs") }
        print("| build | scene | output | sets | runs | ratio to the file, median (quartiles) | its 95 % interval "
              + "| ratio to the pipe | our CPU ms a frame | each set's median (runs) |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for g in groups {
            let each = g.sets.map { "\(format($0.ratio.median, 3))× (\($0.ratio.count))" }.joined(separator: ", ")
            print("| \(g.build.prefix(12)) | \(g.scene) | \(g.output.uppercased()) | \(g.sets.count) | \(g.ratioToFile.count) "
                  + "| **\(g.ratioToFile.text(3))** | \(g.ratioToFile.intervalText(3)) | \(g.ratioToPipe.text(3)) "
                  + "| \(format(g.ownCPUPerFrame, 2)) | \(each) |")
        }
        print("\nA pooled median is under the 1.05× target with 95 % confidence when the top of its interval is under it.")
    }

    /// The records grouped by build, scene and output, in the order they first appear; sets in the same order.
    static func pool(_ records: [RunRecord]) throws -> [Group] {
        var seen = Set<String>()
        var order: [String] = [], byKey: [String: [RunRecord]] = [:]
        for r in records {
            guard seen.insert([r.set, r.build, r.scene, r.output, String(r.round)].joined(separator: "\t")).inserted else {
                throw BenchError("round \(r.round) of set \(r.set) (\(r.scene) \(r.output)) appears twice: is a log given twice?")
            }
            let key = [r.build, r.scene, r.output].joined(separator: "\t")
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(r)
        }
        return order.map { key in
            let runs = byKey[key]!
            var setOrder: [String] = []
            for r in runs where !setOrder.contains(r.set) { setOrder.append(r.set) }
            return Group(build: runs[0].build, scene: runs[0].scene, output: runs[0].output,
                         sets: setOrder.map { set in (set, Spread(runs.filter { $0.set == set }.map(\.ratioToFile))) },
                         ratioToFile: Spread(runs.map(\.ratioToFile)), ratioToPipe: Spread(runs.map(\.ratioToPipe)),
                         ownCPUPerFrame: median(runs.map { $0.ownCPU * 1000 / Double($0.frames) }))
        }
    }
}
