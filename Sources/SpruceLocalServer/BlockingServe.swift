import Foundation

/// A server run from a synchronous command: `run` started on a task, the calling thread waiting until it returns.
/// `listening` is told the bound port once the server listens; when it throws, the server is shut down and
/// `serve` rethrows that error. An error of `run` itself is returned (the caller words it: a port in use).
public enum BlockingServe {
    public static func serve(run: @escaping @Sendable (_ onReady: @escaping @Sendable (Int) -> Void) async throws -> Void,
                             shutdown: @escaping @Sendable () async -> Void,
                             listening: @escaping @Sendable (Int) throws -> Void) throws -> Error? {
        let done = DispatchSemaphore(value: 0)
        let failure = Locked<Error>(), unlistened = Locked<Error>()
        Task {
            do {
                try await run { port in
                    do { try listening(port) } catch {
                        unlistened.set(error)
                        Task { await shutdown() }
                    }
                }
            } catch {
                failure.set(error)
            }
            done.signal()
        }
        done.wait()
        if let error = unlistened.value { throw error }
        return failure.value
    }
}

/// A value handed between a task and a waiting thread.
final class Locked<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    var value: T? { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ v: T) { lock.lock(); stored = v; lock.unlock() }
}
