#if canImport(Glibc)
import Foundation
import Glibc

/// glibc functions Swift's Glibc module hides behind _GNU_SOURCE, looked up at run time.
public enum GNUExtensions {
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)  // RTLD_DEFAULT
    }

    private typealias VMSplice = @convention(c) (Int32, UnsafePointer<iovec>, Int, UInt32) -> Int
    private static let vmspliceFunction: VMSplice? = symbol("vmsplice").map { unsafeBitCast($0, to: VMSplice.self) }
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

    /// The pipe's capacity in bytes (`F_GETPIPE_SZ`), or nil.
    static func pipeCapacity(_ fd: Int32) -> Int? {
        let getPipeSize: Int32 = 1032  // F_GETPIPE_SZ
        let size = fcntl(fd, getPipeSize)
        return size > 0 ? Int(size) : nil
    }

    static var canSplice: Bool { vmspliceFunction != nil }

    private typealias DefaultAttributes = @convention(c) (UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let getDefaultFunction: DefaultAttributes? = symbol("pthread_getattr_default_np")
        .map { unsafeBitCast($0, to: DefaultAttributes.self) }
    private static let setDefaultFunction: DefaultAttributes? = symbol("pthread_setattr_default_np")
        .map { unsafeBitCast($0, to: DefaultAttributes.self) }

    /// Gives every thread started from now on without a stack size of its own a stack of `bytes`
    /// (`pthread_setattr_default_np`); false when glibc refuses or lacks it.
    public static func setDefaultThreadStackSize(_ bytes: Int) -> Bool {
        guard let getDefaultFunction, let setDefaultFunction else { return false }
        var attributes = pthread_attr_t()
        guard getDefaultFunction(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        return pthread_attr_setstacksize(&attributes, bytes) == 0 && setDefaultFunction(&attributes) == 0
    }

    private typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
    private static let setNameFunction: SetName? = symbol("pthread_setname_np").map { unsafeBitCast($0, to: SetName.self) }

    /// Names the calling thread (`pthread_setname_np`: at most 15 bytes, which `ps` and a debugger show). Best effort.
    static func nameThisThread(_ name: String) {
        _ = setNameFunction?(pthread_self(), String(decoding: name.utf8.prefix(15), as: UTF8.self))
    }

    /// `vmsplice(2)`: hands the pages of `pieces`, in order, to the pipe instead of copying them; the reader copies
    /// straight out of our memory. Returns the bytes queued, or -1 with `errno`. The memory must stay unchanged
    /// until the reader has consumed it.
    static func vmsplice(_ fd: Int32, _ pieces: [UnsafeRawBufferPointer]) -> Int {
        guard let vmspliceFunction else { errno = ENOSYS; return -1 }
        let segments = pieces.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        return vmspliceFunction(fd, segments, segments.count, 0)
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
