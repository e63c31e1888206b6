#if canImport(Glibc)
import Glibc
#endif

/// `renameat2(2)` with `RENAME_EXCHANGE`: swaps two existing names in one step, so a folder replaced this way is
/// either the old one or the new one for every reader and after any crash. glibc hides the call behind
/// _GNU_SOURCE, so it is looked up at run time.
enum RenameExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let function: RenameAt2? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2")
        .map { unsafeBitCast($0, to: RenameAt2.self) }
    private static let exchange: UInt32 = 2  // RENAME_EXCHANGE

    /// Swaps `a` and `b` (both must exist, on one file system); false with `errno` set when the system or the file
    /// system cannot (ENOSYS, EINVAL) or the swap failed.
    static func swap(_ a: String, _ b: String) -> Bool {
        guard let function else { errno = ENOSYS; return false }
        return function(AT_FDCWD, a, AT_FDCWD, b, exchange) == 0
    }
}
