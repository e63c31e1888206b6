import Foundation

/// A file or a folder of files written beside its target and moved in only when complete, so a failed or
/// cancelled write neither leaves a truncated output nor destroys the previous one. The temporary lives in the
/// target's directory (same file system, so `rename(2)` is atomic) under a hidden name that keeps the real
/// extension (ffmpeg picks the format by it). The one mechanism behind `AtomicFile`, `Bitmap.writePNG(to:)` and
/// SpruceVideo's renders, so no caller can replace what render-gif did not write:
/// - a file goes only where nothing is, or over a regular file (through a symbolic link: over the file it names);
///   never over a directory, a device, a FIFO or a socket;
/// - a folder of frames goes only where nothing is, into an empty folder, or into a folder render-gif created
///   (it holds a `FramesManifest`), where only the files the manifest lists are replaced or removed.
/// Every refusal happens in `prepare`, before any work.
package struct AtomicOutput {
    package let target: URL
    package let temporary: URL
    package let isDirectory: Bool

    /// Checks the target and its directory and reserves the temporary by creating it (`O_EXCL` for a file, `mkdir`
    /// for a folder). Only a real create is an honest check: permission bits and `access(2)` say yes to root on
    /// file systems that refuse new files, and a name that exists already must never be taken over.
    package static func prepare(target rawTarget: URL, isDirectory: Bool, fileExtension: String) throws -> AtomicOutput {
        let target = try resolve(rawTarget)
        let path = target.path
        let parent = target.deletingLastPathComponent()
        func fail(_ problem: AtomicOutputError.Problem) -> AtomicOutputError { AtomicOutputError(path: path, problem: problem) }

        try checkName(target)
        switch FileKind.of(parent.path) {
        case .missing: throw fail(.directoryMissing(parent.path))
        case .directory: break
        default: throw fail(.notADirectory(parent.path))
        }
        // Temporaries of runs that were killed outright go first, so that none is counted as a stranger's file.
        TemporaryName.removeStale(in: parent.path)
        if isDirectory, FileKind.of(path) == .directory { TemporaryName.removeStale(in: path) }
        // `resolve` follows a link to what it names; a link still there leads nowhere a path can reach (a missing
        // file, a loop, or a pipe or socket with no name: `/dev/stdout` into a pipe), and the rename would refuse it
        // after all the work: refused here, before any, as what it leads to when that is something.
        let kind = FileKind.of(path)
        if FileKind.of(path, followLinks: false) == .symbolicLink {
            throw fail(.targetIsSpecial(kind.isSpecial ? kind.article
                                            : "a symbolic link that leads nowhere (its file is missing, or links loop)"))
        }
        if kind.isSpecial { throw fail(.targetIsSpecial(kind.article)) }
        if isDirectory {
            if kind == .regular { throw fail(.targetIsFile) }
            if kind == .directory { try checkFramesFolder(target, fail) }
        } else if kind == .directory {
            throw fail(.targetIsDirectory)
        }

        let suffix = isDirectory || fileExtension.isEmpty ? "tmp" : "tmp.\(fileExtension)"
        let temporary = parent.appendingPathComponent(hiddenName(for: target, suffix: suffix), isDirectory: isDirectory)
        // Made with the owner's bits whatever the umask (`CreationMode`); `commit` gives the final ones.
        try TemporaryFiles.shared.create(temporary.path) {
            if isDirectory {
                guard mkdir(temporary.path, CreationMode.ownerFolder) == 0 else { throw fail(.cannotCreate(directory: parent.path, reason: errnoText())) }
                chmod(temporary.path, CreationMode.ownerFolder)
            } else {
                let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, CreationMode.ownerFile)
                guard fd >= 0 else { throw fail(.cannotCreate(directory: parent.path, reason: errnoText())) }
                fchmod(fd, CreationMode.ownerFile)
                close(fd)
            }
            return true
        }
        return AtomicOutput(target: target, temporary: temporary, isDirectory: isDirectory)
    }

    /// Throws `AtomicOutputError` (`nameTooLong`) when the last part of `target` is longer than its folder's file
    /// system takes (NAME_MAX, 255 bytes where it cannot be asked): the one name check of every output and of a
    /// file written beside one later (a batch item's stamp), so that neither is found too long after the work.
    package static func checkName(_ target: URL) throws {
        let parent = target.deletingLastPathComponent()
        let asked = Int(pathconf(FileKind.of(parent.path) == .directory ? parent.path : "/", Int32(_PC_NAME_MAX)))
        let limit = asked > 0 ? asked : 255
        if target.lastPathComponent.utf8.count > limit {
            throw AtomicOutputError(path: target.path, problem: .nameTooLong(limit: limit))
        }
    }

    /// The same checks as `prepare`, with nothing left behind: for refusing bad outputs before any work.
    package static func check(target: URL, isDirectory: Bool) throws {
        try prepare(target: target, isDirectory: isDirectory, fileExtension: "").discard()
    }

    /// The target as an absolute path, its directory's symbolic links and `..` resolved by the file system (so
    /// `link/../x` is `x` beside the folder the link names, as for any other program), and, when the target itself is
    /// a symbolic link, the file it names: a write through a link replaces the file, not the link. Nothing is
    /// taken from the text alone: a `~` is a folder of that name, and a directory that does not exist stays in the
    /// path for `prepare` to name.
    package static func resolve(_ raw: URL) throws -> URL {
        let rawPath = raw.path
        guard !rawPath.isEmpty else { throw AtomicOutputError(path: rawPath, problem: .noName) }
        var target = URL(plainPath: rawPath)
        let last = target.lastPathComponent
        guard target.path != "/", !["", ".", ".."].contains(last), !rawPath.hasSuffix("/.") else {
            throw AtomicOutputError(path: rawPath, problem: .noName)
        }
        if FileKind.of(target.path, followLinks: false) == .symbolicLink, let real = realpath(target.path, nil) {
            target = URL(plainPath: String(cString: real))
            free(real)
        } else if let real = realpath(target.deletingLastPathComponent().path, nil) {
            target = URL(plainPath: String(cString: real)).appendingPathComponent(last)
            free(real)
        }
        return target
    }

    /// An existing folder takes frames only when it is empty or render-gif's own, with no stranger's frame in it.
    private static func checkFramesFolder(_ target: URL, _ fail: (AtomicOutputError.Problem) -> AtomicOutputError) throws {
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: target.path) } catch {
            throw fail(.cannotCreate(directory: target.path, reason: "cannot list it"))
        }
        guard !entries.isEmpty else { return }
        guard let ours = FramesManifest.read(in: target) else { throw fail(.directoryNotOurs(entries: entries.count)) }
        if let stranger = entries.first(where: { !ours.contains($0) && FramesManifest.looksLikeFrame($0) }) {
            throw fail(.foreignFrame(stranger))
        }
    }

    /// Moves the finished output in. A file that replaces a file keeps that file's bits (and owner where it may); a
    /// new file, and each file of a folder, gets the bits the umask asks for (`CreationMode`); a new folder gets a
    /// folder's, a folder swapped in keeps the bits of the one it replaces. A file replaces the target in one rename.
    /// A folder of frames is renamed into place (no folder there yet) or swapped with the existing empty or
    /// render-gif folder (`commitBySwap`); where that cannot be, its files are moved into the existing folder one by
    /// one, after which the frames of the earlier render that this one did not write again are removed (only files
    /// the earlier manifest lists) and the manifest is rewritten.
    package func commit() throws {
        defer { TemporaryFiles.shared.remove(temporary.path) }
        let kind = FileKind.of(target.path, followLinks: false)
        if !isDirectory {
            // Checked again: something may have appeared since `prepare`.
            guard kind == .missing || kind == .regular else {
                throw AtomicOutputError(path: target.path, problem: kind == .directory ? .targetIsDirectory : .targetIsSpecial(kind.article))
            }
            Self.takeBits(of: target.path, or: CreationMode.file, for: temporary.path)
            guard rename(temporary.path, target.path) == 0 else { throw moveError() }
            return
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
            .filter { $0 != FramesManifest.fileName }.sorted()  // moved in that order where they are moved one by one
        for name in names {
            let path = temporary.appendingPathComponent(name).path
            if FileKind.of(path, followLinks: false) == .regular { chmod(path, CreationMode.file) }
        }
        if kind == .missing {
            try writeManifest(listing: names, in: temporary)
            chmod(temporary.path, CreationMode.folder)
            // rename(2) onto a name that appeared meanwhile fails for a non-empty folder; check for the empty case.
            guard FileKind.of(target.path, followLinks: false) == .missing, rename(temporary.path, target.path) == 0 else {
                let error = moveError()
                chmod(temporary.path, CreationMode.ownerFolder)  // for `discard` to empty it
                throw error
            }
            return
        }
        guard kind == .directory else { throw AtomicOutputError(path: target.path, problem: .targetIsFile) }
        try Self.checkFramesFolder(target) { AtomicOutputError(path: target.path, problem: $0) }
        let earlier = FramesManifest.read(in: target) ?? []
        if try commitBySwap(names: names, earlier: earlier) { return }
        // One by one, a kill among the moves leaves frames of both renders: the manifest vouches for both first, so
        // that the next render here replaces them instead of taking the moved ones for a stranger's.
        try writeManifest(entries: Self.entries(earlier, in: target) + Self.entries(names, in: temporary), in: target)
        for name in names {
            try Self.beforeMovingFrame?(name)
            let destination = target.appendingPathComponent(name).path
            let existing = FileKind.of(destination, followLinks: false)
            guard existing == .missing || (existing == .regular && earlier.contains(name)) else {
                throw AtomicOutputError(path: target.path, problem: .foreignFrame(name))
            }
            guard rename(temporary.appendingPathComponent(name).path, destination) == 0 else { throw moveError() }
        }
        for stale in earlier.subtracting(names) {
            let path = target.appendingPathComponent(stale).path
            if FileKind.of(path, followLinks: false) == .regular { unlink(path) }
        }
        try writeManifest(listing: names, in: target)
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Replaces render-gif's folder at `target` in one step: the user's own files in it (whatever the manifest does
    /// not list) get a second name in the finished temporary first, then the two folders swap names and the old one,
    /// now under the temporary's name, is removed (a file the user put there meanwhile is moved over first). Returns
    /// false, with nothing changed, when a user's entry cannot have a second name (a folder) or the file system
    /// cannot swap; the caller then moves the frames in one by one.
    private func commitBySwap(names: [String], earlier: Set<String>) throws -> Bool {
        let new = Set(names)
        let theirs = ((try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? [])
            .filter { !earlier.contains($0) && $0 != FramesManifest.fileName }
        if let clash = theirs.first(where: new.contains) { throw AtomicOutputError(path: target.path, problem: .foreignFrame(clash)) }
        var linked: [String] = []
        func undo() {
            for name in linked + [FramesManifest.fileName] { unlink(temporary.appendingPathComponent(name).path) }
        }
        for name in theirs {
            guard link(target.appendingPathComponent(name).path, temporary.appendingPathComponent(name).path) == 0 else {
                undo()
                return false
            }
            linked.append(name)
        }
        try writeManifest(listing: names, in: temporary)
        var st = stat()
        if stat(target.path, &st) == 0 { chmod(temporary.path, st.st_mode & 0o7777) }
        guard RenameExchange.swap(temporary.path, target.path) else { undo(); return false }
        // The earlier folder, now under the temporary's name, is emptied and removed even where the user made it
        // read-only (its bits went to the new folder).
        chmod(temporary.path, CreationMode.ownerFolder)
        let old = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for late in old where !earlier.contains(late) && late != FramesManifest.fileName && !linked.contains(late) {
            let destination = target.appendingPathComponent(late).path
            if FileKind.of(destination, followLinks: false) == .missing { rename(temporary.appendingPathComponent(late).path, destination) }
        }
        try? FileManager.default.removeItem(at: temporary)
        return true
    }

    /// Removes the temporary; the target is as it was before `prepare`.
    package func discard() {
        try? FileManager.default.removeItem(at: temporary)
        TemporaryFiles.shared.remove(temporary.path)
    }

    /// Gives the file at `path` the permission bits and, where the process may, the owner and group of the regular
    /// file at `existing` (what it replaces, as an editor's save or `sed -i` keeps them: a private file stays
    /// private), or `bits` when there is none. Set-user-ID, set-group-ID and sticky bits are not carried over.
    private static func takeBits(of existing: String, or bits: mode_t, for path: String) {
        var st = stat()
        guard lstat(existing, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { chmod(path, bits); return }
        _ = chown(path, st.st_uid, st.st_gid)
        chmod(path, st.st_mode & 0o777)
    }

    /// For the tests only: called before each frame is moved in one by one; what it throws stops the commit there,
    /// where a kill could.
    package nonisolated(unsafe) static var beforeMovingFrame: ((String) throws -> Void)?

    /// The identities of `names` as they are in `directory` (a rename keeps them).
    private static func entries<Names: Sequence<String>>(_ names: Names, in directory: URL) -> [FramesManifest.Entry] {
        names.compactMap { FramesManifest.Entry($0, in: directory) }
    }

    private func writeManifest(listing names: [String], in directory: URL) throws {
        try writeManifest(entries: Self.entries(names, in: directory), in: directory)
    }

    /// Writes `entries` as `directory`'s manifest (a name may be listed twice, with two identities), by a rename.
    private func writeManifest(entries: [FramesManifest.Entry], in directory: URL) throws {
        let url = directory.appendingPathComponent(FramesManifest.fileName)
        let staging = directory.appendingPathComponent(TemporaryName.make(stem: FramesManifest.fileName, suffix: "tmp"))
        do { try Data(FramesManifest.text(entries).utf8).write(to: staging) } catch {
            throw AtomicOutputError(path: target.path, problem: .cannotMove(reason: "cannot write \(FramesManifest.fileName): \(error.localizedDescription)"))
        }
        chmod(staging.path, CreationMode.file)
        guard rename(staging.path, url.path) == 0 else { unlink(staging.path); throw moveError() }
    }

    private func moveError() -> AtomicOutputError {
        AtomicOutputError(path: target.path, problem: .cannotMove(reason: Self.errnoText()))
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    /// A hidden name beside `target` for one of this run's temporaries (`TemporaryName`).
    static func hiddenName(for target: URL, suffix: String) -> String {
        TemporaryName.make(stem: target.lastPathComponent, suffix: suffix)
    }
}
