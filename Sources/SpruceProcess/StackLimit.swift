import Foundation
import SpruceVideo

/// The stack render-gif's threads run on. The main thread's stack grows as far as the soft `ulimit -s`, and glibc
/// sizes every thread started without a size of its own (Dispatch's, NIO's) by that same limit, read once when the
/// process starts. Under a small one (`ulimit -S -s 64`) checking goldens or comparing two films ran out of stack
/// and crashed. A soft limit below `wanted` is raised towards it, as far as the hard limit allows, and threads
/// started from then on get that size; a hard limit below `needed` ends the command with one line instead.
public enum StackLimit {
    /// Linux's usual limit.
    static let wanted = 8 << 20
    /// Enough for every command with room to spare: the deepest, `test`, runs in 96 KiB.
    static let needed = 1 << 20

    public static func ensure() throws {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
        // `RLIM_INFINITY` is the largest value, so "unlimited" is never below `wanted`.
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
        let ceiling = min(rlim_t(wanted), limit.rlim_max)
        if ceiling > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = ceiling
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur >= rlim_t(needed) else {
            throw ProcessFailure(message: "out of resources: a stack limit of \(limit.rlim_cur / 1024) KiB (ulimit -s); "
                                     + "render-gif needs at least \(needed / 1024) KiB", code: ExitStatus.software)
        }
        _ = GNUExtensions.setDefaultThreadStackSize(Int(limit.rlim_cur))
    }
}
