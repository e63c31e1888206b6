import Foundation

/// A loopback server run in a task of the test process: `stop` shuts it down and waits for its run to end; a
/// harness dropped without `stop` cancels the task.
final class ServerTask {
    private let task: Task<Void, Error>
    private let shutdown: @Sendable () async -> Void

    init(run: @escaping @Sendable () async throws -> Void, shutdown: @escaping @Sendable () async -> Void) {
        task = Task { try await run() }
        self.shutdown = shutdown
    }

    func stop() async throws {
        await shutdown()
        try await task.value
    }

    deinit { task.cancel() }
}
