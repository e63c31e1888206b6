import Foundation

/// Every part is opened before any is read: a part this user may not read is named with the system's reason, the
/// same for MP4 and GIF, and not taken for a damaged file to render again.
extension VideoJoin {
    /// Throws `VideoError.unreadablePart` for the first of `parts` that cannot be opened for reading. Opened without
    /// waiting, so a FIFO given as a part does not hang here.
    func checkReadable(_ parts: [URL]) throws {
        for part in parts {
            let fd = open(part.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw VideoError.unreadablePart(path: partNames[part] ?? part.path, reason: String(cString: strerror(errno))) }
            close(fd)
        }
    }
}
