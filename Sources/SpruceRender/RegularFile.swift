import Foundation

/// A file opened for reading the careful way, for every input a user names (scene files, PNG frames, text goldens):
/// opened without blocking, so that a FIFO in the file's place cannot hang open(2), then checked on the open file
/// (links followed) to be a regular file of at most `maximumBytes`, so that a device or a growing file cannot feed
/// an endless read. Each caller words the failures its own way (`RegularFile.Problem`).
package final class RegularFile {
    /// Why a file could not be opened for reading.
    package enum Problem: Error, Equatable {
        /// open(2) failed with this errno (ENOENT: there is nothing there).
        case cannotOpen(errno: Int32)
        /// Something other than a regular file stands there.
        case notRegular(FileKind)
        /// The file holds `size` bytes, more than the caller accepts.
        case tooLarge(size: Int64, limit: Int)

        /// "no such file", "not readable (Permission denied)", "a FIFO (named pipe), not a regular file",
        /// "the file is 300 bytes; at most 200".
        package var words: String {
            switch self {
            case .cannotOpen(let code):
                code == ENOENT ? "no such file" : "not readable (\(String(cString: strerror(code))))"
            case .notRegular(let kind): "\(kind.article), not a regular file"
            case .tooLarge(let size, let limit): "the file is \(size) bytes; at most \(limit)"
            }
        }
    }

    private let handle: FileHandle
    /// The size `fstat` gave when the file was opened.
    package let size: Int64
    private let limit: Int

    package init(path: String, maximumBytes: Int) throws(Problem) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(errno: errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            throw .cannotOpen(errno: code)
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegular(FileKind(mode: st.st_mode))
        }
        guard st.st_size <= Int64(maximumBytes) else {
            close(fd)
            throw .tooLarge(size: Int64(st.st_size), limit: maximumBytes)
        }
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        size = Int64(st.st_size)
        limit = maximumBytes
    }

    deinit { try? handle.close() }

    /// The next `count` bytes at most (fewer at the end of the file; empty data there, never nil).
    package func read(upTo count: Int) throws -> Data {
        try handle.read(upToCount: count) ?? Data()
    }

    /// The rest of the file, up to one byte beyond the limit: a file that grew after it was opened comes back
    /// longer than `maximumBytes`, for the caller to refuse.
    package func readRest() throws -> Data {
        try read(upTo: limit + 1)
    }

    /// The whole file at `path`, checked as `init` checks it.
    package static func contents(of path: String, maximumBytes: Int) throws -> Data {
        try RegularFile(path: path, maximumBytes: maximumBytes).readRest()
    }
}
