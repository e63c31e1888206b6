import Advance

extension Loop {
    private static let scoped = ThreadScoped<Loop>()

    /// The clock Spruce animations start on: the innermost `makeCurrent` on this thread, else
    /// `Loop.shared`. UIKit has one main run loop; an offline renderer wants one clock per scene, and
    /// frame workers on other threads each run their own scene on their own loop.
    public static var current: Loop {
        scoped.current ?? .shared
    }

    /// Runs `body` with this loop as `Loop.current` on this thread.
    @discardableResult
    public func makeCurrent<R>(_ body: () throws -> R) rethrows -> R {
        try Loop.scoped.with(self, body)
    }
}
