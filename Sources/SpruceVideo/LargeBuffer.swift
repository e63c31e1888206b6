#if canImport(Glibc)
import Glibc
#endif

/// Frame-sized memory (the pool's slots, the workers' drawing canvases) on 2 MiB boundaries and marked for
/// transparent huge pages: a 1080p canvas is 4 huge pages instead of 2,025 small ones, so Cairo, the 4:2:0
/// conversion and `vmsplice(2)` (which pins every page it hands to the pipe) walk far fewer page-table entries
/// and miss the TLB far less. Only a hint: where huge pages are off the memory is ordinary.
enum LargeBuffer {
    static let hugePage = 2 << 20

    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let count = max(1, byteCount)
        guard count >= hugePage else { return .allocate(byteCount: count, alignment: 64) }
        var pointer: UnsafeMutableRawPointer?
        let rounded = (count + hugePage - 1) / hugePage * hugePage
        guard posix_memalign(&pointer, hugePage, rounded) == 0, let pointer else {
            return .allocate(byteCount: count, alignment: 64)
        }
        #if os(Linux)
        _ = madvise(pointer, rounded, 14)  // MADV_HUGEPAGE, behind _GNU_SOURCE
        #endif
        return pointer
    }

    /// Frees what `allocate` returned (both paths end in `free`).
    static func deallocate(_ pointer: UnsafeMutableRawPointer) { free(pointer) }
}
