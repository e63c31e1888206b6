import Foundation

/// Every temporary file and folder that exists right now (`AtomicOutput` temporaries, GIF palette folders), so an
/// interrupt that cannot wait for the normal unwinding (a second Ctrl-C) can still remove them before it exits.
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []

    public func add(_ path: String) { lock.lock(); paths.insert(path); lock.unlock() }
    public func remove(_ path: String) { lock.lock(); paths.remove(path); lock.unlock() }

    public var current: [String] { lock.lock(); defer { lock.unlock() }; return paths.sorted() }

    /// Removes every registered temporary (files and whole folders). For the last moments of an interrupted run.
    public func removeAll() {
        lock.lock()
        let all = paths
        paths.removeAll()
        lock.unlock()
        for path in all { try? FileManager.default.removeItem(atPath: path) }
    }
}
