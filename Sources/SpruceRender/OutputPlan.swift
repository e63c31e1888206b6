import Foundation

/// Every file a piece of work will write and every file it reads, checked together before any work: each output
/// must be creatable where asked (`AtomicOutput.check`: no folder, device, FIFO or stranger's folder replaced, the
/// directory exists and takes files, the name fits), no two outputs may share a path, and no output may be an input
/// (compared after resolving `..` and symbolic links, and by device and inode for hard links, also of a file in an
/// input folder) or lie inside an input folder or the frames folder being written.
/// Every refusal is an `OutputPlanError` naming the output by its label (the command line passes its flag).
public struct OutputPlan {
    public struct Output {
        /// How the user named this output: "--out", "--report", "export".
        public let label: String
        public let path: String
        public let isDirectory: Bool
    }

    public struct Input {
        /// "the scene file", "the image views[0].image", "the stitch folder".
        public let what: String
        public let path: String
        /// A folder read as a whole (its contents are checked by whoever reads it).
        public let isDirectory: Bool
    }

    public private(set) var outputs: [Output] = []
    public private(set) var inputs: [Input] = []

    public init() {}

    public mutating func output(_ label: String, _ path: String?, isDirectory: Bool = false) {
        if let path { outputs.append(Output(label: label, path: path, isDirectory: isDirectory)) }
    }

    public mutating func input(_ what: String, _ path: String, isDirectory: Bool = false) {
        inputs.append(Input(what: what, path: path, isDirectory: isDirectory))
    }

    /// An output given an empty name, `.` or `..` names nothing to create: refused before anything else. So is a
    /// bare `-` (`usage`), which other tools take for standard output: render-gif writes its outputs only as files,
    /// each renamed into place once verified; `./-` names a file called `-`.
    public static func checkNames(_ outputs: [(label: String, path: String?)]) throws {
        for case let (label, path?) in outputs {
            if path == "-" {
                throw OutputPlanError(.usage, "\(label) '-': render-gif writes files, not standard output; write './-' for a file named '-'")
            }
            let last = (path as NSString).lastPathComponent
            if path.isEmpty || [".", ".."].contains(last) || path.hasSuffix("/.") || path.hasSuffix("/..") {
                throw OutputPlanError(.cannotCreate, "\(label) '\(path)': does not name a file or folder to create")
            }
        }
    }

    /// Every input exists and is what it should be (a file, or a folder where one is read): an image that is
    /// missing, a folder, a FIFO or a device is `missingInput`, named as what it is; one that cannot be looked at
    /// (a folder on its way this user may not search, a loop of links) says why, not that it does not exist.
    public func checkInputs() throws {
        for input in inputs {
            let kind = FileKind.of(input.path)
            switch kind {
            case .regular:
                continue  // a file where a folder is read is refused by its reader, with its own words
            case .directory where input.isDirectory:
                continue
            case .missing:
                if !input.isDirectory, FileKind.isFileNamedAsFolder(input.path) {
                    throw OutputPlanError(.missingInput, "\(input.what) '\(input.path)': \(FileKind.fileNamedAsFolder)")
                }
                if let reason = Self.unreachable(input.path) {
                    throw OutputPlanError(.missingInput, "\(input.what) '\(input.path)' cannot be read (\(reason))")
                }
                throw OutputPlanError(.missingInput, "\(input.what) '\(input.path)' does not exist")
            default:
                throw OutputPlanError(.missingInput, "\(input.what) '\(input.path)' is \(kind.article), not a file")
            }
        }
    }

    /// Why `path` cannot be looked at when something may stand there: a folder on its way this user may not search,
    /// a loop of links, a name too long (the system's words); nil when nothing is there (`ENOENT`, `ENOTDIR`).
    static func unreachable(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) != 0, errno != ENOENT, errno != ENOTDIR else { return nil }
        return String(cString: strerror(errno))
    }

    public func check() throws {
        try checkInputs()
        try checkNothingInsideAFramesFolder()
        var resolved: [(Output, URL)] = []
        for output in outputs {
            // `notes/` names a folder: a file is never written in its place (a URL forgets the slash).
            if !output.isDirectory, output.path.hasSuffix("/") {
                throw refuse(output, "a name ending in '/' is a folder's; this output is a file (drop the '/')")
            }
            let url: URL
            do { url = try AtomicOutput.resolve(URL(plainPath: output.path)) } catch let e as AtomicOutputError {
                throw refuse(output, e.reason)
            }
            if let earlier = resolved.first(where: { $0.1.path == url.path || Self.sameFile($0.1.path, url.path) }) {
                throw OutputPlanError(.cannotCreate, "\(earlier.0.label) and \(output.label) both write '\(output.path)'; give each its own file")
            }
            for input in inputs {
                let real = Self.realPath(input.path)
                if real == url.path || Self.sameFile(input.path, url.path) {
                    throw refuse(output, "it is \(input.what) '\(input.path)'; writing there would destroy an input")
                }
                if FileKind.of(input.path) == .directory, url.path.hasPrefix(real + "/") {
                    throw refuse(output, "it is inside \(input.what) '\(input.path)'")
                }
                if let name = Self.linkedEntry(of: input.path, to: url.path) {
                    throw refuse(output, "it is '\(name)' of \(input.what) (a hard link to it); writing there would destroy an input")
                }
                // A folder of frames replaces its frames and removes the ones a shorter film no longer has.
                if output.isDirectory, real.hasPrefix(url.path + "/") {
                    throw refuse(output, "it holds \(input.what) ('\(input.path)'); writing frames there could replace or remove it")
                }
            }
            do { try AtomicOutput.check(target: url, isDirectory: output.isDirectory) } catch let e as AtomicOutputError {
                throw refuse(output, e.reason)
            }
            resolved.append((output, url))
        }
    }

    /// A folder of frames belongs to its frames: a file written into it would take a frame's name or the folder's
    /// manifest, or be a stranger the next render refuses. Checked before the folder exists, too.
    private func checkNothingInsideAFramesFolder() throws {
        for folder in outputs where folder.isDirectory {
            guard let root = try? AtomicOutput.resolve(URL(plainPath: folder.path)) else { continue }
            for other in outputs where other.label != folder.label || other.path != folder.path {
                guard let url = try? AtomicOutput.resolve(URL(plainPath: other.path)), url.path.hasPrefix(root.path + "/") else { continue }
                throw refuse(other, "it is inside the frames folder of \(folder.label) '\(folder.path)'; write it beside the folder")
            }
        }
    }

    private func refuse(_ output: Output, _ reason: String) -> OutputPlanError {
        OutputPlanError(.cannotCreate, "\(output.label) '\(output.path)': \(reason)")
    }

    /// The path with every symbolic link resolved, as the file system resolves it; for a path that does not exist
    /// yet, its deepest existing folder's real path and the rest, each name of the rest taken as the file system
    /// takes it: `..` leaves the folder a link led to (`lnk/../x.gif` is beside the folder `lnk` names), and a link
    /// to nothing stands for what it names (`l.gif` leading to the missing `o/a.gif` is `o/a.gif`, the file a write
    /// through it makes). So `lnk/x.gif` and `sub/x.gif` are one path when `lnk` leads to `sub`.
    public static func realPath(_ path: String) -> String {
        var links = maximumLinks
        return realPath(path, links: &links)
    }

    /// The links followed in one path before it counts as a loop, as Linux's `ELOOP`.
    private static let maximumLinks = 40

    private static func realPath(_ path: String, links: inout Int) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        var names = URL(plainPath: path).path.split(separator: "/")
        guard let name = names.popLast() else { return "/" }
        let folder = realPath("/" + names.joined(separator: "/"), links: &links)
        switch name {
        case ".": return folder
        case "..": return folder.lastIndex(of: "/").map { $0 == folder.startIndex ? "/" : String(folder[..<$0]) } ?? "/"
        default: break
        }
        let joined = (folder == "/" ? "" : folder) + "/" + name
        guard links > 0, FileKind.of(joined, followLinks: false) == .symbolicLink,
              let target = try? FileManager.default.destinationOfSymbolicLink(atPath: joined) else { return joined }
        links -= 1
        return realPath(target.hasPrefix("/") ? target : (folder == "/" ? "" : folder) + "/" + target, links: &links)
    }

    /// The name of the entry of `folder` (an input folder: the stitch folder's frames) that is the file `path` under
    /// another name (a hard link outside the folder); nil when `folder` is not a folder or `path` is no such file.
    public static func linkedEntry(of folder: String, to path: String) -> String? {
        var target = stat()
        guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG, target.st_nlink > 1,
              FileKind.of(folder) == .directory else { return nil }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().first { sameFile(folder + "/" + $0, path) }
    }

    /// Both exist and are one file (hard links, bind mounts).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let file = FileStamp(path: a, followLinks: true)?.file else { return false }
        return file == FileStamp(path: b, followLinks: true)?.file
    }
}
