#if canImport(Glibc)
import Foundation
import Glibc

/// glibc functions Swift's Glibc module hides behind _GNU_SOURCE, looked up at run time.
enum GNUExtensions {
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)  // RTLD_DEFAULT
    }

    private typealias GetTID = @convention(c) () -> pid_t
    private static let gettidFunction: GetTID? = symbol("gettid").map { unsafeBitCast($0, to: GetTID.self) }
    private static let pipe2Function: Pipe2? = symbol("pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
    private static let addCloseFromFunction: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// A pipe whose ends are close-on-exec from birth, so a child spawned concurrently by another thread cannot
    /// inherit them (which would keep our EOF from ever arriving).
    static func closeOnExecPipe(_ fds: UnsafeMutablePointer<Int32>) -> Int32 {
        if let pipe2Function { return pipe2Function(fds, O_CLOEXEC) }
        guard pipe(fds) == 0 else { return -1 }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return 0
    }

    /// Raises a pipe's buffer from 64 KiB to the system's maximum (1 MiB by default): a 1080p frame is 8 MiB,
    /// and fewer, larger hand-overs to ffmpeg mean fewer context switches on a busy machine. Best effort.
    static func enlargePipe(_ fd: Int32) {
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, hidden behind _GNU_SOURCE
        let maximum = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? (1 << 20)
        _ = fcntl(fd, setPipeSize, maximum)
    }

    /// Lowers the calling thread's scheduling priority by `steps` nice levels (Linux applies `setpriority` to one
    /// thread when given its id). Best effort: a failure leaves the priority as it was.
    static func lowerThreadPriority(by steps: Int32) {
        guard let gettidFunction else { return }
        let thread = id_t(gettidFunction())
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
        guard errno == 0 else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, min(19, current + steps))
    }

    /// Closes every descriptor >= `lowest` in the child (glibc 2.34+); descriptors opened by other libraries
    /// without O_CLOEXEC then do not leak into ffmpeg. Returns false when unavailable.
    @discardableResult
    static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Bool {
        guard let addCloseFromFunction else { return false }
        return addCloseFromFunction(actions, lowest) == 0
    }
}
#endif
