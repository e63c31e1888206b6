import Foundation

/// At most `limit` renders at once and at most `queueLimit` waiting; a request beyond that is refused at once
/// (`LocalServerBusy`, HTTP 503) instead of piling up work the server cannot finish.
public actor RenderSlots {
    public let limit: Int
    public let queueLimit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The most renders that ever ran at once (for tests of the bound).
    public private(set) var peak = 0

    public init(limit: Int, queueLimit: Int) {
        (self.limit, self.queueLimit) = (max(1, limit), max(0, queueLimit))
    }

    public func acquire() async throws {
        if running < limit {
            running += 1
            peak = max(peak, running)
            return
        }
        guard waiting.count < queueLimit else { throw LocalServerBusy() }
        await withCheckedContinuation { waiting.append($0) }
    }

    public func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()  // the slot passes straight to the next waiter
        }
    }

    /// Runs `body` on a slot, off the server's threads (renders are CPU-bound and synchronous).
    public nonisolated func run<T: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await acquire()
        do {
            let value = try await withCheckedThrowingContinuation { (c: CheckedContinuation<T, Error>) in
                queue.async { c.resume(with: Result { try body() }) }
            }
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }
}

/// A request refused because the server already does as much as its bounds allow (HTTP 503, try again).
public struct LocalServerBusy: Error, Equatable, CustomStringConvertible {
    public init() {}
    public var description: String { "too many renders at once; try again" }
}
