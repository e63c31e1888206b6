import Foundation
import SpruceRender

/// A private temporary folder for one job (a GIF palette, a join's file list), registered with `TemporaryFiles` so
/// that an interrupted run removes it too. `body` gets the folder; it is removed when `body` returns or throws. Its
/// name is a `TemporaryName`: the folders of runs that were killed outright are removed by the next one.
/// It is made in `$TMPDIR`, or in /tmp when TMPDIR is unset or empty (as `mktemp` does); a TMPDIR that names no
/// folder, or one that does not take files, is `VideoError.temporaryFolder`, and nothing is made anywhere else.
public enum ScratchDirectory {
    public static func with<T>(_ prefix: String, _ body: (URL) throws -> T) throws -> T {
        let temporaries = try folder()
        TemporaryName.removeStale(in: temporaries.path)
        let scratch = temporaries.appendingPathComponent(TemporaryName.make(stem: prefix, suffix: "tmp"), isDirectory: true)
        do {
            try TemporaryFiles.shared.create(scratch.path) {
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
                chmod(scratch.path, CreationMode.ownerFolder)  // the owner's whatever the umask
                return true
            }
        } catch {
            throw VideoError.io("cannot create a temporary directory for the \(prefix): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: scratch); TemporaryFiles.shared.remove(scratch.path) }
        return try body(scratch)
    }

    /// The folder temporary folders go in, checked: it exists, is a folder (or a link to one) and takes files.
    static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        guard let path = environment["TMPDIR"], !path.isEmpty else { return URL(plainPath: "/tmp", isDirectory: true) }
        let kind = FileKind.of(path)
        guard kind == .directory else {
            throw VideoError.temporaryFolder(path: path, reason: kind == .missing ? "does not exist" : "is \(kind.article), not a folder")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw VideoError.temporaryFolder(path: path, reason: "does not take files (\(String(cString: strerror(errno))))")
        }
        return URL(plainPath: path, isDirectory: true)
    }
}
