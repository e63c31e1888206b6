import Foundation
import SpruceRender

/// A private temporary folder for one job (a GIF palette, a join's file list), registered with `TemporaryFiles` so
/// that an interrupted run removes it too. `body` gets the folder; it is removed when `body` returns or throws. Its
/// name is a `TemporaryName`: the folders of runs that were killed outright are removed by the next one.
/// It is made in `$TMPDIR`, or in /tmp when TMPDIR is unset or empty (as `mktemp` does); a TMPDIR that names no
/// folder, or one that does not take files, is `VideoError.temporaryFolder`, and nothing is made anywhere else.
public enum ScratchDirectory {
    public static func with<T>(_ prefix: String, _ body: (URL) throws -> T) throws -> T {
        let (temporaries, named) = try folder()
        TemporaryName.removeStale(in: temporaries.path)
        let scratch = temporaries.appendingPathComponent(TemporaryName.make(stem: prefix, suffix: "tmp"), isDirectory: true)
        var failure: Int32 = 0
        TemporaryFiles.shared.create(scratch.path) {
            guard mkdir(scratch.path, 0o700) == 0 else { failure = errno; return false }
            chmod(scratch.path, CreationMode.ownerFolder)  // the owner's whatever the umask
            return true
        }
        if failure != 0 { throw Self.refusal(failure, named) }
        defer { try? FileManager.default.removeItem(at: scratch); TemporaryFiles.shared.remove(scratch.path) }
        return try body(scratch)
    }

    /// Why no folder could be made in `folder`: one that takes no files (a read-only file system, a kernel's
    /// folder such as /proc or /sys, no permission) is refused as the TMPDIR it is; a full disk is an I/O error.
    static func refusal(_ code: Int32, _ folder: String) -> VideoError {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOSPC, EDQUOT, EIO:
            return .io("cannot create a temporary folder in '\(folder)' ($TMPDIR): \(reason)")
        default:
            return .temporaryFolder(path: folder, reason: "does not take files (\(reason))")
        }
    }

    /// The folder temporary folders go in, checked: it exists, is a folder (or a link to one) and takes files; and
    /// its name as the user gave it.
    static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (URL, String) {
        guard let path = environment["TMPDIR"], !path.isEmpty else { return (URL(plainPath: "/tmp", isDirectory: true), "/tmp") }
        let kind = FileKind.of(path)
        guard kind == .directory else {
            throw VideoError.temporaryFolder(path: path, reason: kind == .missing ? "does not exist" : "is \(kind.article), not a folder")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw VideoError.temporaryFolder(path: path, reason: "does not take files (\(String(cString: strerror(errno))))")
        }
        return (URL(plainPath: path, isDirectory: true), path)
    }
}
