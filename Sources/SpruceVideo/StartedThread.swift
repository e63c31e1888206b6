import CCrashCleanup
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A detached thread started with `pthread_create` and its answer checked. Foundation's `Thread.start()` ignores a
/// failed start (too many processes for the user, `ulimit -u`; no address space left for the stack, `ulimit -v`): the
/// body never ran, and whoever waited for it waited for ever. Here a thread that cannot start is an error.
/// While its body runs the thread has an alternate signal stack of its own (`CCrashCleanup`), so that a crash that
/// overflows its stack (a frame worker's 4 MiB) still stops ffmpeg, removes the temporaries and says so in one line.
public enum StartedThread {
    /// Runs `body` on a new thread named `name` (the first 15 bytes are what `ps` and a debugger show); `stackSize`
    /// bytes of stack, or the system's default when 0. Throws `VideoError.outOfResources` when it cannot start.
    public static func start(_ name: String, stackSize: Int = 0, _ body: @escaping @Sendable () -> Void) throws {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            GNUExtensions.nameThisThread(body.name)
            let signalStack = crash_cleanup_thread_stack_begin()
            defer { crash_cleanup_thread_stack_end(signalStack) }
            body.run()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw VideoError.outOfResources("cannot start a thread (\(name)): \(String(cString: strerror(rc)))")
        }
    }

    private final class Body {
        let name: String
        let run: () -> Void
        init(name: String, run: @escaping () -> Void) { (self.name, self.run) = (name, run) }
    }
}
