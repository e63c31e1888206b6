import Foundation
import SpruceRender

/// Confines what the server reads and writes to one folder. A request path is percent-decoded once, split on every
/// `/` byte, and refused when any part is empty, `.` or `..`, holds a backslash or a NUL, or when the file it names
/// — after every symbolic link is resolved — lies outside the folder. Only regular files are served. Names are
/// checked as bytes (`PlainFileName`), as the file system reads them.
public enum PathGuard {
    public static func realPath(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return URL(plainPath: path).standardizedFileURL.path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The checked relative parts of a raw (still percent-encoded) request path.
    public static func parts(_ raw: String) throws -> [String] {
        guard let decoded = raw.removingPercentEncoding else { throw PreviewError.badRequest("the path is not valid percent-encoding") }
        let parts = decoded.utf8.split(separator: 0x2F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard !parts.isEmpty, parts.allSatisfy({ PlainFileName.isPlain($0) && !$0.utf8.contains(0x5C) }),
              parts.count <= 32, decoded.utf8.count <= 1024 else {
            throw PreviewError.forbidden("the path must name a file inside the scene's folder")
        }
        return parts
    }

    /// The file `raw` names inside `folder` (a real path), or a refusal.
    public static func file(_ raw: String, in folder: URL) throws -> URL {
        let parts = try parts(raw)
        let joined = parts.reduce(folder) { $0.appendingPathComponent($1) }
        guard let real = realpath(joined.path, nil) else { throw PreviewError.notFound("no such file") }
        let path = String(cString: real)
        free(real)
        guard inside(path, folder) else { throw PreviewError.forbidden("the path must name a file inside the scene's folder") }
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { throw PreviewError.notFound("not a regular file") }
        return URL(plainPath: path)
    }

    /// Where an export named `name` goes: a plain file name (no folder part) directly in `folder`; a name that is
    /// a symbolic link there must resolve inside `folder` too, a link to nothing included: the write would make the
    /// file it names (`OutputPlan.realPath`).
    public static func exportTarget(_ name: String, in folder: URL) throws -> URL {
        guard PlainFileName.isPlain(name), name.utf8.count <= 255, !name.utf8.contains(0x5C), name.utf8.first != 0x2E,
              !name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw PreviewError.forbidden("an export name is a plain file name in the export folder, got \"\(name)\"")
        }
        let target = folder.appendingPathComponent(name)
        guard inside(OutputPlan.realPath(target.path), folder) else {
            throw PreviewError.forbidden("\"\(name)\" is a link that leads outside the export folder")
        }
        return target
    }

    static func inside(_ path: String, _ folder: URL) -> Bool {
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return path.hasPrefix(base)
    }
}
