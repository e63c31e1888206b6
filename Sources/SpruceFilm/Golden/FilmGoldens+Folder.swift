import Foundation
import SpruceRender

/// Why a folder cannot hold goldens; `description` is the reason, to follow the folder's name.
public enum FilmGoldensFolderProblem: Error, Equatable, CustomStringConvertible {
    /// Something other than a folder is at its path (`what`: "a file", "a FIFO (named pipe)" …).
    case notAFolder(what: String)
    /// Something other than a folder is at `path`, a path above it, so it can be neither there nor made.
    case notAFolderAbove(path: String, what: String)
    /// The folder is missing and cannot be created; `why` is the system's reason.
    case cannotCreate(why: String)
    /// The folder exists but a file cannot be written in it; `why` is the system's reason.
    case cannotWrite(why: String)
    /// The folder, or one above it, cannot be searched, so its goldens cannot be looked up; `why` is the system's reason.
    case cannotRead(why: String)

    /// The reason, worded to follow the folder's name: "it is a file, not a folder".
    public var description: String {
        switch self {
        case .notAFolder(let what): "it is \(what), not a folder"
        case let .notAFolderAbove(path, what): "'\(path)' in its path is \(what), not a folder"
        case .cannotCreate(let why): "cannot create it (\(why))"
        case .cannotWrite(let why): "cannot write in it (\(why))"
        case .cannotRead(let why): "cannot read it (\(why))"
        }
    }
}

extension FilmGoldens {
    /// Throws `FilmGoldensFolderProblem.notAFolder` unless `folder` is a folder or not there yet (a symbolic link
    /// that loops is not a folder), `.notAFolderAbove` when a path above it is a file or anything else that is not a
    /// folder (it can never be there), and `.cannotRead` when the goldens in it cannot be looked up (it, or a folder
    /// above it, cannot be searched; a loop of links above it): a check would take every golden there for one not
    /// recorded yet.
    public static func checkFolder(_ folder: String) throws {
        var st = stat()
        guard stat(folder, &st) == 0 else {
            let error = errno
            if error == ENOENT { return }
            if error == ENOTDIR { throw notAFolder(inPathOf: folder) }
            if error == ELOOP, let link = FileKind.linkToNothing(folder) { throw FilmGoldensFolderProblem.notAFolder(what: link) }
            throw FilmGoldensFolderProblem.cannotRead(why: String(cString: strerror(error)))
        }
        let kind = FileKind(mode: st.st_mode)
        guard kind == .directory else { throw FilmGoldensFolderProblem.notAFolder(what: kind.article) }
        guard access(folder, X_OK) == 0 else { throw FilmGoldensFolderProblem.cannotRead(why: String(cString: strerror(errno))) }
    }

    /// The problem of a path the system says runs through something that is not a folder: the first path, from the
    /// top, that is there and is not a folder (the folder itself, when only a slash at its end makes it one).
    private static func notAFolder(inPathOf folder: String) -> FilmGoldensFolderProblem {
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        for end in 1...parts.count {
            let path = parts[..<end].joined(separator: "/")
            guard !path.isEmpty else { continue }
            let kind = FileKind.of(path)
            guard kind != .directory, kind != .missing else { continue }
            let whole = parts[end...].allSatisfy(\.isEmpty)
            return whole ? .notAFolder(what: kind.article) : .notAFolderAbove(path: path, what: kind.article)
        }
        return .cannotRead(why: String(cString: strerror(ENOTDIR)))
    }

    /// Throws `FilmGoldensFolderProblem` unless recording can make `folder` and write in it: a real create, removed
    /// at once (permission bits say yes to root where a create fails); a folder that is not there is made one level
    /// at a time, as recording would, and removed again, deepest first: only what this made.
    public static func checkWritable(_ folder: String) throws {
        guard FileKind.of(folder) == .missing else {
            do { try AtomicOutput.check(target: URL(plainPath: folder).appendingPathComponent(".render-gif-probe"), isDirectory: false) }
            catch let e as AtomicOutputError { throw FilmGoldensFolderProblem.cannotWrite(why: "\(e)") }
            return
        }
        var missing: [URL] = []
        var step = URL(plainPath: folder).standardizedFileURL
        while FileKind.of(step.path, followLinks: false) == .missing, step.path != "/" {
            missing.insert(step, at: 0)
            step = step.deletingLastPathComponent()
        }
        var made: [URL] = []
        defer { for url in made.reversed() { rmdir(url.path) } }
        for url in missing {
            guard mkdir(url.path, CreationMode.ownerFolder) == 0 else { throw FilmGoldensFolderProblem.cannotCreate(why: String(cString: strerror(errno))) }
            chmod(url.path, CreationMode.ownerFolder)  // made under the umask; the next level is made in it
            made.append(url)
        }
        if missing.isEmpty { throw FilmGoldensFolderProblem.cannotCreate(why: "a link to nothing is in the way") }
    }
}

extension FilmGoldens {
    /// What stands at a golden's path when it is not a golden: a symbolic link, a folder, a FIFO, a device or a
    /// socket; nil for a regular file or nothing. Goldens are regular files in their folder: a link is neither read
    /// (a check would compare, and a report show, the bytes of whatever file it names, anywhere) nor written through
    /// (a record or an accept would replace that file, outside the folder), and anything else is not replaced (a
    /// folder holds the user's files, a FIFO or a device is no file to write).
    static func obstacle(_ url: URL) -> FileKind? {
        let kind = FileKind.of(url.path, followLinks: false)
        return kind == .missing || kind == .regular ? nil : kind
    }

    /// What a check says of a golden that is not a regular file (`obstacle`).
    static func obstacleMessage(_ url: URL, _ kind: FileKind) -> String {
        "the golden \(SafeText.escaped(url.lastPathComponent)) is \(kind.article); goldens are regular files in their folder"
    }

    /// Why a record or an accept does not write a golden that is not a regular file (`obstacle`), to follow its
    /// path or name: "a FIFO (named pipe); a golden is written only as a regular file in its folder (move it away)".
    static func refusal(_ kind: FileKind) -> String {
        "\(kind.article); a golden is written only as a regular file in its folder (\(kind == .symbolicLink ? "remove the link" : "move it away"))"
    }
}
