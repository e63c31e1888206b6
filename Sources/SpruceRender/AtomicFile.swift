import Foundation

/// Writes that never leave a truncated file and never clobber a good one: the bytes go to a hidden
/// temporary file beside the target (same directory, so the rename cannot cross file systems) and
/// replace the target only once complete.
public enum AtomicFile {
    /// A fresh temporary path beside `target`, keeping its extension (ffmpeg picks formats by it).
    public static func temporaryPath(beside target: URL) -> URL {
        let dir = target.deletingLastPathComponent()
        let ext = target.pathExtension
        let stem = target.deletingPathExtension().lastPathComponent
        let token = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let name = ".\(stem).\(token).tmp" + (ext.isEmpty ? "" : ".\(ext)")
        return dir.appendingPathComponent(name)
    }

    /// Fails early, with a message naming the directory, when nothing can be written there.
    public static func checkWritableDirectory(for target: URL) throws {
        let dir = target.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) else {
            throw RenderError.write("directory \(dir) does not exist")
        }
        guard isDir.boolValue else { throw RenderError.write("\(dir) is not a directory") }
        guard access(dir, W_OK) == 0 else { throw RenderError.write("directory \(dir) is not writable") }
    }

    /// Runs `produce` against a temporary path beside `target`, then renames it into place.
    /// On any error the temporary file is removed and the previous target is left untouched.
    public static func write<T>(to target: URL, _ produce: (URL) throws -> T) throws -> T {
        try checkWritableDirectory(for: target)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDir), isDir.boolValue {
            throw RenderError.write("\(target.path) is a directory")
        }
        let temp = temporaryPath(beside: target)
        do {
            let result = try produce(temp)
            guard rename(temp.path, target.path) == 0 else {
                throw RenderError.write("\(target.path): \(String(cString: strerror(errno)))")
            }
            return result
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }

    public static func write(_ data: Data, to target: URL) throws {
        try write(to: target) { temp in
            guard FileManager.default.createFile(atPath: temp.path, contents: data) else {
                throw RenderError.write("\(target.path): could not create a file in its directory")
            }
        }
    }
}
