import Foundation

/// A scene file's bytes and the plain values they hold, bounded before anything is parsed: the file's
/// size is checked with `stat` before it is read, JSON goes through the depth-limited `JSONReader` and
/// YAML through `YAMLLoader`. The loader and the review title (which reads the scene's `name`) share it.
enum SceneSource {
    static func isYAML(_ url: URL) -> Bool { ["yaml", "yml"].contains(url.pathExtension.lowercased()) }

    /// The file's bytes; nil when it cannot be opened (the caller words why).
    static func read(_ url: URL) throws -> Data? {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
           size.int64Value > Int64(SceneLimits.maximumFileBytes) {
            throw SceneError("", "the scene file is \(size.int64Value) bytes; at most \(SceneLimits.maximumFileBytes) "
                             + "(\(SceneLimits.maximumFileBytes >> 20) MiB)")
        }
        // Read at most one byte more than allowed, in case the file grew after the stat.
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
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
