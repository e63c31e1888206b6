import Foundation

/// Writes that never leave a truncated file and never clobber a good one, built on `AtomicOutput`: the bytes go to
/// a hidden temporary beside the target and replace it only once complete. Failures are `RenderError.write`.
public enum AtomicFile {
    /// Fails early, with a message naming the path or its directory, when `target` could not be written: the check
    /// creates (and removes) a temporary beside it, exactly as the real write will.
    public static func checkWritableDirectory(for target: URL) throws {
        try reportingRenderErrors { try AtomicOutput.prepare(target: target, isDirectory: false, fileExtension: "") }.discard()
    }

    /// Runs `produce` against a temporary file beside `target` (already created, empty), then renames it into
    /// place. On any error the temporary is removed and the previous target is left untouched; errors thrown by
    /// `produce` come out unchanged.
    public static func write<T>(to target: URL, _ produce: (URL) throws -> T) throws -> T {
        let output = try reportingRenderErrors {
            try AtomicOutput.prepare(target: target, isDirectory: false, fileExtension: target.pathExtension)
        }
        do {
            let result = try produce(output.temporary)
            try reportingRenderErrors { try output.commit() }
            return result
        } catch {
            output.discard()
            throw error
        }
    }

    public static func write(_ data: Data, to target: URL) throws {
        try write(to: target) { temporary in try fill(temporary, with: data, for: target) }
    }

    /// Writes several files as one: every temporary is prepared (so a target in the way, a folder or a FIFO, is found
    /// before anything is replaced) and filled before the first is renamed into place. Each file already there is
    /// kept under a second, hidden name (a hard link) until all are in place, so a rename failing half-way (a
    /// permission, the disk) puts the earlier targets back as they were: all or none, and no temporary left. Each
    /// temporary is read back and compared with its bytes before any is renamed; then `beforeRename` runs, and an
    /// error it throws (a cancellation) removes every temporary and leaves every target as it was.
    public static func writeTogether(_ files: [(data: Data, target: URL)], beforeRename: () throws -> Void = {}) throws {
        var outputs: [AtomicOutput] = []
        do {
            for (data, target) in files {
                let output = try reportingRenderErrors {
                    try AtomicOutput.prepare(target: target, isDirectory: false, fileExtension: target.pathExtension)
                }
                outputs.append(output)
                try fill(output.temporary, with: data, for: target)
                try verify(output.temporary, holds: data, for: target)
            }
            try beforeRename()
        } catch {
            outputs.forEach { $0.discard() }
            throw error
        }
        let kept = outputs.map { keep($0.target) }
        defer { for backup in kept.compactMap({ $0 }) { unlink(backup.path); TemporaryFiles.shared.remove(backup.path) } }
        for (i, output) in outputs.enumerated() {
            do { try reportingRenderErrors { try output.commit() } } catch {
                outputs[i...].forEach { $0.discard() }
                for j in (0..<i).reversed() {
                    if let backup = kept[j] { rename(backup.path, outputs[j].target.path) } else { unlink(outputs[j].target.path) }
                }
                throw error
            }
        }
    }

    /// A hidden second name for the regular file at `target`, if there is one and the file system allows it.
    private static func keep(_ target: URL) -> URL? {
        guard FileKind.of(target.path, followLinks: false) == .regular else { return nil }
        let backup = target.deletingLastPathComponent().appendingPathComponent(AtomicOutput.hiddenName(for: target, suffix: "kept"))
        return TemporaryFiles.shared.create(backup.path, { link(target.path, backup.path) == 0 }) ? backup : nil
    }

    /// Writes `data` into the temporary `write(to:_:)` hands out; a failure (a full disk) is one line naming the
    /// target, `RenderError.write("/path/x.json: No space left on device")`.
    public static func fill(_ temporary: URL, with data: Data, for target: URL) throws {
        let failure = writeAll(data, toFileAt: temporary.path)
        guard failure == 0 else { throw RenderError.write("\(target.path): \(String(cString: strerror(failure)))") }
    }

    /// Throws `RenderError.write` naming `target` unless the file at `temporary` holds exactly `data`.
    static func verify(_ temporary: URL, holds data: Data, for target: URL) throws {
        let back = try? RegularFile.contents(of: temporary.path, maximumBytes: data.count + 1)
        guard back != data else { return }
        throw RenderError.write("\(target.path): the file written beside it did not read back as written")
    }

    private static func reportingRenderErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as AtomicOutputError { throw RenderError.write(error.description) }
    }
}

/// Writes every byte to an existing file, truncating it; returns 0 or the `errno` of the failing call.
private func writeAll(_ data: Data, toFileAt path: String) -> Int32 {
    let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard fd >= 0 else { return errno }
    var failure: Int32 = 0
    data.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n >= 0 { offset += n } else if errno != EINTR { failure = errno; return }
        }
    }
    if close(fd) != 0, failure == 0 { failure = errno }
    return failure
}
