import Foundation

/// A text golden's bytes, read only from a regular file of a sane size and opened without blocking: a FIFO or a
/// device in a golden's place fails its scene instead of hanging the test run.
enum GoldenText {
    static let maximumBytes = 64 << 20

    static func read(_ url: URL) throws -> Data {
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw CocoaError(.fileReadNoPermission) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= maximumBytes else { throw CocoaError(.fileReadUnknown) }
        return try handle.readToEnd() ?? Data()
    }
}
