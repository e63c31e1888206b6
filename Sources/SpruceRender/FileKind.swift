import Foundation

/// What stands at a path, for messages that name it ("is a FIFO", not "permission denied").
package enum FileKind: Equatable {
    case missing, regular, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, other

    /// The kind at `path`, following symbolic links unless `followLinks` is false.
    package static func of(_ path: String, followLinks: Bool = true) -> FileKind {
        var st = stat()
        guard (followLinks ? stat(path, &st) : lstat(path, &st)) == 0 else { return .missing }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFSOCK: return .socket
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// "a FIFO", "a directory", ...
    package var article: String {
        switch self {
        case .missing: "missing"
        case .regular: "a file"
        case .directory: "a directory"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        case .other: "a special file"
        }
    }

    /// Not a regular file, directory or link: writing there would feed a device or a pipe.
    package var isSpecial: Bool { [.fifo, .characterDevice, .blockDevice, .socket, .other].contains(self) }
}
