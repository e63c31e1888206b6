import Foundation

/// What stands at a path, for messages that name it ("is a FIFO", not "permission denied").
package enum FileKind: Equatable {
    case missing, regular, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, other

    /// The kind at `path`, following symbolic links unless `followLinks` is false.
    package static func of(_ path: String, followLinks: Bool = true) -> FileKind {
        var st = stat()
        guard (followLinks ? stat(path, &st) : lstat(path, &st)) == 0 else { return .missing }
        return FileKind(mode: st.st_mode)
    }

    /// The kind a `stat` mode names (for a file already open, through `fstat`).
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// Whether `path` ends in `/`, a folder's name, and names a file once the `/` is dropped: the system refuses
    /// it ("Not a directory"), and a URL's path, which drops the `/`, would read the file.
    package static func isFileNamedAsFolder(_ path: String) -> Bool {
        path.hasSuffix("/") && path != "/" && of(String(path.dropLast())) == .regular
    }

    /// What a message says of an input that `isFileNamedAsFolder`.
    package static let fileNamedAsFolder = "a name ending in '/' is a folder's, and this is a file (drop the '/')"

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
