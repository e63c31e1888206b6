import Foundation
import SpruceRender

/// A scene file's bytes and the plain values they hold, bounded before anything is parsed: the file's
/// size is checked with `stat` before it is read, JSON goes through the depth-limited `JSONReader` and
/// YAML through `YAMLLoader`. The loader and the review title (which reads the scene's `name`) share it.
public enum SceneSource {
    static func isYAML(_ url: URL) -> Bool { ["yaml", "yml"].contains(url.pathExtension.lowercased()) }

    /// The file's bytes; nil when it cannot be opened (the caller words why). Read through `RegularFile`: a FIFO
    /// put in the scene's place (the preview reloads it after every save) cannot block, a link to /dev/zero cannot
    /// feed an endless read, and the size is checked on the open file before anything is read.
    public static func read(_ url: URL) throws -> Data? {
        do {
            return try RegularFile.contents(of: url.path, maximumBytes: SceneLimits.maximumFileBytes)
        } catch RegularFile.Problem.cannotOpen {
            return nil
        } catch RegularFile.Problem.notRegular(let kind) {
            throw SceneError("", "the scene file \(url.path) is \(kind.article), not a regular file")
        } catch RegularFile.Problem.tooLarge(let size, let limit) {
            throw SceneError("", "the scene file is \(size) bytes; at most \(limit) (\(limit >> 20) MiB)")
        } catch {
            return nil  // a read error: unreadable, as when it cannot be opened
        }
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
