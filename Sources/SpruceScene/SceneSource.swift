import Foundation
import SpruceRender

/// A scene file's bytes and the plain values they hold, bounded before anything is parsed: the file's
/// size is checked with `stat` before it is read, JSON goes through the depth-limited `JSONReader` and
/// YAML through `YAMLLoader`. The loader and the review title (which reads the scene's `name`) share it.
public enum SceneSource {
    static func isYAML(_ url: URL) -> Bool { ["yaml", "yml"].contains(url.pathExtension.lowercased()) }

    /// The file's bytes; nil when it cannot be opened (the caller words why).
    public static func read(_ url: URL) throws -> Data? {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
           size.int64Value > Int64(SceneLimits.maximumFileBytes) {
            throw SceneError("", "the scene file is \(size.int64Value) bytes; at most \(SceneLimits.maximumFileBytes) "
                             + "(\(SceneLimits.maximumFileBytes >> 20) MiB)")
        }
        // Opened without blocking and checked on the open file: a FIFO put in the scene's place (the preview reloads
        // it after every save) would block open(2) for good, and a link to /dev/zero would never end.
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0 else { close(fd); return nil }
        guard st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw SceneError("", "the scene file \(url.path) is \(FileKind(mode: st.st_mode).article), not a regular file")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        // Read at most one byte more than allowed, in case the file grew after the stat.
        // `read(upToCount:)` answers nil at the end of the file: an empty file is empty data, not unreadable.
        do { return try handle.read(upToCount: SceneLimits.maximumFileBytes + 1) ?? Data() } catch { return nil }
    }

    /// JSON or YAML text as `[String: Any]`, `[Any]`, `String`, numbers, `Bool` and `NSNull`.
    static func values(_ data: Data, yaml: Bool) throws -> Any {
        guard data.count <= SceneLimits.maximumFileBytes else {
            throw SceneError("", "the scene is \(data.count) bytes; at most \(SceneLimits.maximumFileBytes)")
        }
        guard yaml else { return try JSONReader.read(data) }
        guard let text = String(data: data, encoding: .utf8) else { throw SceneError("", "the YAML is not UTF-8 text") }
        return try YAMLLoader.load(text)
    }
}
