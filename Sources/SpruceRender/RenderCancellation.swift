import Foundation

/// A thread-safe flag a long job (a render, an export, a golden check) polls between its steps.
public final class RenderCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    public init() {}

    public func cancel() { lock.lock(); flag = true; lock.unlock() }

    public var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return flag }

    /// Throws `RenderCancelled` once cancelled: the check between the steps of a long job.
    public func throwIfCancelled() throws { if isCancelled { throw RenderCancelled() } }
}

/// What a job stopped by `RenderCancellation.cancel()` throws; whatever it was writing is discarded.
public struct RenderCancelled: Error, Equatable, CustomStringConvertible {
    public init() {}

    public var description: String { "render cancelled" }
}
