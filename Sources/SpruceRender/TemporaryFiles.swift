import CCrashCleanup
import Foundation

/// Every temporary file and folder that exists right now (`AtomicOutput` temporaries, GIF palette folders), so an
/// interrupt that cannot wait for the normal unwinding (a second Ctrl-C) can still remove them before it exits, and
/// so can a crash (each is also in `CCrashCleanup`'s table, which its signal handler reads).
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []
    /// `removeAll` ran: the process is about to exit.
    private var closed = false

    /// Registers a path before something else makes it (a child process's output); once `removeAll` ran, the
    /// calling thread waits for the process to exit instead.
    public func add(_ path: String) { create(path) { true } }

    /// Makes a temporary with `make` (true when it made `path`) and registers `path` if so, as one step: `removeAll`
    /// never runs between the two, so an interrupt cannot leave behind a file made just before it was registered, nor
    /// remove one `make` found there and did not make. Once `removeAll` ran, nothing more is made: the calling thread
    /// waits for the process to exit instead.
    @discardableResult
    public func create(_ path: String, _ make: () throws -> Bool) rethrows -> Bool {
        lock.lock()
        guard !closed else { lock.unlock(); Self.waitForTheExit() }
        defer { lock.unlock() }
        guard try make() else { return false }
        paths.insert(path)
        _ = crash_cleanup_add_path(path)
        return true
    }

    public func remove(_ path: String) {
        lock.lock()
        if paths.remove(path) != nil { crash_cleanup_remove_path(path) }
        lock.unlock()
    }

    public var current: [String] { lock.lock(); defer { lock.unlock() }; return paths.sorted() }

    /// Removes every registered temporary (files and whole folders), and makes nothing more from now on. For the
    /// last moments of an interrupted run: the process exits next.
    public func removeAll() {
        lock.lock()
        closed = true
        let all = paths
        paths.removeAll()
        all.forEach { crash_cleanup_remove_path($0) }
        lock.unlock()
        for path in all { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A thread that would make or start something after the last cleanup began: the exit is moments away.
    package static func waitForTheExit() -> Never {
        while true { pause() }
    }
}
