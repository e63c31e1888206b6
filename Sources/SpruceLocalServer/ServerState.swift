import Foundation
import ServiceLifecycle

/// What a loopback server knows of its own run, shared between the task that runs it and those that ask: the port
/// it bound, its service group, and whether a shutdown was asked for before the group was there to take it.
public final class ServerState: @unchecked Sendable {
    private let lock = NSLock()
    private var boundPort: Int?
    private var group: ServiceGroup?
    private var stopRequested = false

    public init() {}

    /// The port the server listens on, once it does.
    public var port: Int? { lock.lock(); defer { lock.unlock() }; return boundPort }

    public func bound(_ port: Int) { lock.lock(); boundPort = port; lock.unlock() }

    /// Keeps the group for `shutdown`; false when a shutdown came before the server started (it should not run).
    public func install(_ group: ServiceGroup) -> Bool {
        lock.lock(); defer { lock.unlock() }
        self.group = group
        return !stopRequested
    }

    /// Starts a graceful shutdown of the group, or, before there is one, keeps it from running.
    public func shutdown() async {
        lock.lock(); stopRequested = true; let group = self.group; lock.unlock()
        await group?.triggerGracefulShutdown()
    }
}
