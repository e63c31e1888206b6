import Foundation

/// Dispatch sets up its event loop (an epoll descriptor, an eventfd and a timer descriptor) when its first worker
/// thread starts, and traps (SIGILL) when it cannot open them: under a low `ulimit -n`, a batch's items' pipes can
/// hold every descriptor by the time its first worker starts. Started here, at the beginning, the loop gets its
/// descriptors while they are free; running out later is then an error that is reported. A process that cannot
/// start a thread at all ends here too, with an error, rather than in Dispatch's endless retry.
public enum DispatchEventLoop {
    public static func start() throws {
        do {
            // The three it needs, asked for first: without them starting the loop would trap.
            var spare: [Int32] = []
            defer { spare.forEach { close($0) } }
            for _ in 0..<3 {
                let fd = dup(2)
                guard fd >= 0 else {
                    throw ProcessFailure(message: "out of resources: too few file descriptors to start (ulimit -n): "
                                   + String(cString: strerror(errno)), code: ExitStatus.software)
                }
                spare.append(fd)
            }
        }
        // Dispatch retries a worker thread that cannot start (no address space for its stack, `ulimit -v`) once a
        // second, for ever, inside the call that asked for it. A thread with the same default attributes, started
        // and joined first, makes that an error.
        var probe = pthread_t()
        let rc = pthread_create(&probe, nil, { _ in nil }, nil)
        guard rc == 0 else {
            throw ProcessFailure(message: "out of resources: cannot start a thread: " + String(cString: strerror(rc)),
                                 code: ExitStatus.software)
        }
        pthread_join(probe, nil)
        let started = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { started.signal() }
        // A worker that cannot start (`ulimit -u`) is not waited for: the work that needs it reports the failure.
        _ = started.wait(timeout: .now() + 1)
    }
}
