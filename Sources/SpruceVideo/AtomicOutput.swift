import Foundation

/// Writes beside the target and swaps it in only when complete, so a failed or cancelled render neither leaves
/// a truncated file nor destroys the previous output. The temporary lives in the target's directory (same file
/// system, so `rename(2)` is atomic) under a hidden name that keeps the real extension.
struct AtomicOutput {
    let target: URL
    let temporary: URL
    let isDirectory: Bool

    /// Checks the target directory and reserves the temporary name by creating it (a real write, so it also
    /// catches read-only file systems, which `access(2)` misses for root). Throws `targetNotWritable`.
    static func prepare(target rawTarget: URL, isDirectory: Bool, fileExtension: String) throws -> AtomicOutput {
        let target = URL(fileURLWithPath: rawTarget.path).standardizedFileURL
        let path = target.path
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        var parentIsDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &parentIsDirectory) else {
            throw VideoError.targetNotWritable(path: path, reason: "directory '\(parent.path)' does not exist")
        }
        guard parentIsDirectory.boolValue else {
            throw VideoError.targetNotWritable(path: path, reason: "'\(parent.path)' is not a directory")
        }
        var targetIsDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &targetIsDirectory),
            targetIsDirectory.boolValue != isDirectory
        {
            let what = isDirectory ? "it is a file, not a directory of frames" : "it is a directory"
            throw VideoError.targetNotWritable(path: path, reason: what)
        }

        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let temporary: URL
        if isDirectory {
            temporary = parent.appendingPathComponent(".\(name).\(random).tmp", isDirectory: true)
            guard mkdir(temporary.path, 0o777) == 0 else { throw notWritable(path, parent) }
        } else {
            temporary = parent.appendingPathComponent(".\(name).\(random).tmp.\(fileExtension)")
            let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw notWritable(path, parent) }
            close(fd)
        }
        return AtomicOutput(target: target, temporary: temporary, isDirectory: isDirectory)
    }

    private static func notWritable(_ path: String, _ parent: URL) -> VideoError {
        let why = String(cString: strerror(errno))
        return .targetNotWritable(path: path, reason: "cannot create a file in '\(parent.path)' (\(why))")
    }

    /// Moves the finished output over the target. A directory target is swapped in two renames (old one out of
    /// the way, new one in) and the old one deleted afterwards; a reader never sees a half-filled directory.
    func commit() throws {
        if !isDirectory || !FileManager.default.fileExists(atPath: target.path) {
            guard rename(temporary.path, target.path) == 0 else { throw renameError() }
            return
        }
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let old = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(random).old")
        guard rename(target.path, old.path) == 0 else { throw renameError() }
        guard rename(temporary.path, target.path) == 0 else {
            let error = renameError()
            _ = rename(old.path, target.path)
            throw error
        }
        try? FileManager.default.removeItem(at: old)
    }

    private func renameError() -> VideoError {
        .io("cannot move the finished output to '\(target.path)': \(String(cString: strerror(errno)))")
    }

    func discard() {
        try? FileManager.default.removeItem(at: temporary)
    }
}
