import Foundation

/// Encoded frames by film key and frame index, bounded in bytes: the least recently used frame goes first, so the
/// server's memory stays flat however long designers scrub. Thread-safe.
public final class FrameCache: @unchecked Sendable {
    public let budget: Int
    private let lock = NSLock()
    private var entries: [String: (data: Data, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    public private(set) var bytes = 0

    public init(budget: Int = 256 << 20) { self.budget = budget }

    /// The one text naming frame `index` of `key`.
    public static func name(_ key: String, _ index: Int) -> String { "\(key)/\(index)" }

    public func get(_ key: String, _ index: Int) -> Data? {
        lock.lock(); defer { lock.unlock() }
        let name = Self.name(key, index)
        guard let entry = entries[name] else { return nil }
        clock += 1
        entries[name] = (entry.data, clock)
        return entry.data
    }

    public func put(_ key: String, _ index: Int, _ data: Data) {
        lock.lock(); defer { lock.unlock() }
        guard data.count <= budget else { return }
        let name = Self.name(key, index)
        if let old = entries[name] { bytes -= old.data.count }
        clock += 1
        entries[name] = (data, clock)
        bytes += data.count
        guard bytes > budget else { return }
        // Evict the oldest quarter at once: one sort per many insertions, not one per insertion.
        let oldest = entries.sorted { $0.value.used < $1.value.used }
        for (victim, entry) in oldest where bytes > budget * 3 / 4 {
            entries[victim] = nil
            bytes -= entry.data.count
        }
    }

    public var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}
