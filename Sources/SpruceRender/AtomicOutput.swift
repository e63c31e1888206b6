import Foundation

/// A file or a folder of files written beside its target and swapped in only when complete, so a failed or
/// cancelled write neither leaves a truncated output nor destroys the previous one. The temporary lives in the
/// target's directory (same file system, so `rename(2)` is atomic) under a hidden name that keeps the real
/// extension (ffmpeg picks the format by it). The one mechanism behind `AtomicFile`, `Bitmap.writePNG(to:)` and
/// SpruceVideo's renders.
package struct AtomicOutput {
    package let target: URL
    package let temporary: URL
    package let isDirectory: Bool

    /// Checks the target's directory and reserves the temporary by creating it (`O_EXCL` for a file, `mkdir` for a
    /// folder). Only a real create is an honest check: permission bits and `access(2)` say yes to root on file
    /// systems that refuse new files, and a name that exists already must never be taken over.
    package static func prepare(target rawTarget: URL, isDirectory: Bool, fileExtension: String) throws -> AtomicOutput {
        let target = URL(fileURLWithPath: rawTarget.path).standardizedFileURL
        let path = target.path
        let parent = target.deletingLastPathComponent()
        func fail(_ problem: AtomicOutputError.Problem) -> AtomicOutputError { AtomicOutputError(path: path, problem: problem) }

        var parentIsDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &parentIsDirectory) else {
            throw fail(.directoryMissing(parent.path))
        }
        guard parentIsDirectory.boolValue else { throw fail(.notADirectory(parent.path)) }
        var targetIsDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &targetIsDirectory),
            targetIsDirectory.boolValue != isDirectory
        {
            throw fail(isDirectory ? .targetIsFile : .targetIsDirectory)
        }

        let temporary: URL
        if isDirectory {
            temporary = parent.appendingPathComponent(hiddenName(for: target, suffix: "tmp"), isDirectory: true)
            guard mkdir(temporary.path, 0o777) == 0 else { throw fail(.cannotCreate(directory: parent.path, reason: errnoText())) }
        } else {
            let suffix = fileExtension.isEmpty ? "tmp" : "tmp.\(fileExtension)"
            temporary = parent.appendingPathComponent(hiddenName(for: target, suffix: suffix))
            let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw fail(.cannotCreate(directory: parent.path, reason: errnoText())) }
            close(fd)
        }
        return AtomicOutput(target: target, temporary: temporary, isDirectory: isDirectory)
    }

    /// Moves the finished output over the target. A folder is swapped in two renames (old one out of the way, new
    /// one in) and the old one deleted afterwards, so a reader never sees a half-filled folder.
    package func commit() throws {
        if !isDirectory || !FileManager.default.fileExists(atPath: target.path) {
            guard rename(temporary.path, target.path) == 0 else { throw moveError() }
            return
        }
        let old = target.deletingLastPathComponent().appendingPathComponent(Self.hiddenName(for: target, suffix: "old"))
        guard rename(target.path, old.path) == 0 else { throw moveError() }
        guard rename(temporary.path, target.path) == 0 else {
            let error = moveError()
            _ = rename(old.path, target.path)
            throw error
        }
        try? FileManager.default.removeItem(at: old)
    }

    /// Removes the temporary; the target is as it was before `prepare`.
    package func discard() {
        try? FileManager.default.removeItem(at: temporary)
    }

    private func moveError() -> AtomicOutputError {
        AtomicOutputError(path: target.path, problem: .cannotMove(reason: Self.errnoText()))
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    /// `.<name>.<random>.<suffix>`, with the name cut to 100 bytes so that a target whose name is near the 255-byte
    /// limit still gets a temporary.
    private static func hiddenName(for target: URL, suffix: String) -> String {
        var stem = ""
        for character in target.lastPathComponent {
            guard stem.utf8.count + character.utf8.count <= 100 else { break }
            stem.append(character)
        }
        return ".\(stem).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).\(suffix)"
    }
}
