import SpruceJobs

extension BatchRun {
    /// A shard or a number of workers that cannot be run, as the front end's text gave it.
    public enum SettingProblem: Error, Equatable {
        /// The shard is not `I/N` with whole numbers (`PartRequest.numbers`).
        case shardNotAPair(String)
        /// The shard's I is not in 1…N.
        case shardIndex(String)
        /// The workers are not a whole number in `workersRange`.
        case workers(Double)
    }

    /// How many items may run at once on one machine.
    public static let workersRange = 1...64

    /// Reads shard `text` (`I/N`; nil: the whole manifest) and `count` workers (nil: one), both checked before they
    /// become integers.
    public mutating func read(shard text: String?, workers count: Double?) throws {
        if let text {
            guard let (i, n) = PartRequest.numbers(text, separator: "/") else { throw SettingProblem.shardNotAPair(text) }
            guard n >= 1, (1...n).contains(i) else { throw SettingProblem.shardIndex(text) }
            (shard, shards) = (i, n)
        }
        if let count {
            let range = Double(Self.workersRange.lowerBound)...Double(Self.workersRange.upperBound)
            guard count.isFinite, count.rounded() == count, range.contains(count) else { throw SettingProblem.workers(count) }
            workers = Int(count)
        }
    }
}
