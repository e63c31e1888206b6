#if canImport(Glibc)
import Glibc
#endif

/// Frame-sized memory (the pool's slots, the workers' drawing canvases) on 2 MiB boundaries and marked for
/// transparent huge pages: a 1080p canvas is 4 huge pages instead of 2,025 small ones, so Cairo, the 4:2:0
/// conversion and `vmsplice(2)` (which pins every page it hands to the pipe) walk far fewer page-table entries
/// and miss the TLB far less. Only a hint: where huge pages are off the memory is ordinary.
enum LargeBuffer {
    static let hugePage = 2 << 20

    /// `byteCount` bytes (at least 1) from `posix_memalign`, so `deallocate` frees them with `free` by contract:
    /// 2 MiB-aligned and marked for huge pages from 2 MiB up, 64-byte aligned below (or if that fails). Memory
    /// that cannot be had (`ulimit -v`, an exhausted machine) is `VideoError.outOfResources`.
    static func allocate(byteCount: Int) throws -> UnsafeMutableRawPointer {
        let count = max(1, byteCount)
        if count >= hugePage {
            let rounded = (count + hugePage - 1) / hugePage * hugePage
            var pointer: UnsafeMutableRawPointer?
            if posix_memalign(&pointer, hugePage, rounded) == 0, let pointer {
                #if os(Linux)
                _ = madvise(pointer, rounded, 14)  // MADV_HUGEPAGE, behind _GNU_SOURCE
                #endif
                return pointer
            }
        }
        var pointer: UnsafeMutableRawPointer?
        guard posix_memalign(&pointer, 64, count) == 0, let pointer else {
            throw VideoError.outOfResources("cannot allocate \(count) bytes of memory for frames")
        }
        return pointer
    }

    static func deallocate(_ pointer: UnsafeMutableRawPointer) { free(pointer) }
}
