/// Which shard renders which item: the items, heaviest first (estimated frames; ties by manifest order), each go to
/// the shard with the least work so far (ties: the lowest shard). Every machine computes the same assignment from
/// the same manifest, so `--shard I/N` on N machines renders every item exactly once, in shards of nearly equal work.
public enum Sharding {
    /// The shard (0..<shards) of each item.
    public static func assign(estimates: [Int], shards: Int) -> [Int] {
        precondition(shards >= 1)
        var load = [Int](repeating: 0, count: shards)
        var shard = [Int](repeating: 0, count: estimates.count)
        let order = estimates.indices.sorted { (-estimates[$0], $0) < (-estimates[$1], $1) }
        for item in order {
            let lightest = load.indices.min { (load[$0], $0) < (load[$1], $1) }!
            shard[item] = lightest
            load[lightest] += max(estimates[item], 1)
        }
        return shard
    }
}
