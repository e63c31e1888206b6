#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that is "current" on this thread while a closure runs (a loop, a log), restored afterwards.
/// Each one is a POSIX thread-specific slot: setting and reading it costs a few loads, where
/// `Thread.threadDictionary` boxed every value into an `NSMutableDictionary` on every frame.
final class ThreadScoped<Value: AnyObject>: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        guard pthread_key_create(&key, nil) == 0 else { fatalError("no thread-specific key left") }
        self.key = key
    }

    /// Runs `body` with `value` current on this thread; the previous value (the caller's, which outlives this
    /// call) is current again afterwards.
    func with<R>(_ value: Value, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(value).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try withExtendedLifetime(value) { try body() }
    }

    /// The innermost value set by `with` on this thread, if any.
    var current: Value? {
        pthread_getspecific(key).map { Unmanaged<Value>.fromOpaque($0).takeUnretainedValue() }
    }
}
