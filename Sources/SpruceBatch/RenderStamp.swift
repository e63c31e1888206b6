import Foundation
import SpruceRender

/// What a batch item's output was made from, kept in the batch's records folder beside the manifest
/// (`.spruce-batch/<SHA-256 of the output's path>.stamp`, written atomically after the output; the user's folders
/// get nothing but the outputs): a SHA-256 over the program's version, the scene (its file's bytes, or a built-in scene's
/// name), the output path, the bytes of every image file the scene names, and the flags. A re-run skips an item
/// whose output exists and whose stamp holds the same hash; any change to the scene file, one of its images, the
/// flags or the program renders it again.
public struct RenderStamp: Equatable {
    public let hash: String

    public init(version: String, scene: String, sceneBytes: Data?, out: String, images: [Data] = [], flags: [String]) {
        let sha = SHA256Digest()
        // Each field length-prefixed, so no two different items can run together into the same bytes; the images'
        // count comes first, so images and flags cannot trade places.
        let fields = [Data(version.utf8), Data(scene.utf8), sceneBytes ?? Data("built-in".utf8), Data(out.utf8),
                      Data("images:\(images.count)".utf8)] + images + flags.map { Data($0.utf8) }
        for field in fields {
            sha.update(Data(String(field.count).utf8 + [0x3A]))
            sha.update(field)
        }
        hash = sha.finalize()
    }

    /// The records folder of the manifest at `manifest`: `.spruce-batch` beside it.
    public static func folder(besideManifest manifest: URL) -> URL {
        manifest.deletingLastPathComponent().appendingPathComponent(".spruce-batch", isDirectory: true)
    }

    /// The record of `out` in `folder`: named by the SHA-256 of the output's absolute path (a folder output's
    /// without its trailing /), so every spelling of one path finds one record.
    public static func url(for out: URL, in folder: URL) -> URL {
        var path = out.standardizedFileURL.path
        if path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let name = SHA256Digest.hex(of: Data(path.utf8))
        return folder.appendingPathComponent(name + ".stamp")
    }

    /// Removes the records set aside by batches that were killed (`setAside`'s temporaries). Best effort.
    public static func removeStale(in folder: URL) {
        TemporaryName.removeStale(in: folder.path)
    }

    /// What lies at the record of `out`, read once per item: nothing, a stamp render-gif wrote (its hash), or
    /// something else (a file of the user's, a folder), which is never written over.
    public enum Found: Equatable {
        case nothing
        case stamp(hash: String)
        case foreign(String)
    }

    public static func found(for out: URL, in folder: URL) -> Found {
        let url = Self.url(for: out, in: folder)
        let kind = FileKind.of(url.path)
        if kind == .missing { return .nothing }
        guard kind == .regular else { return .foreign("'\(url.lastPathComponent)' is \(kind.article), not a stamp render-gif wrote") }
        let text = (try? FileHandle(forReadingFrom: url)).flatMap { try? $0.read(upToCount: 80) }.map { String(decoding: $0, as: UTF8.self) }
        if let text, text.count == 72, text.hasPrefix("sha256 "), text.hasSuffix("\n"),
           text.dropFirst(7).dropLast().allSatisfy({ "0123456789abcdef".contains($0) }) {
            return .stamp(hash: String(text.dropFirst(7).dropLast()))
        }
        return .foreign("'\(url.lastPathComponent)' holds something render-gif did not write; move it away or name another out")
    }

    /// The output exists and its record holds this hash.
    public func isUpToDate(_ out: URL, found: Found) -> Bool {
        FileKind.of(out.path) != .missing && found == .stamp(hash: hash)
    }

    /// Moves the record of `out` (only when `found` says it is one) to a hidden temporary name while the item
    /// renders, so that a batch killed between the new output and its new record leaves no record that vouches for
    /// inputs the output no longer comes from (the next batch removes the killed one's temporaries, `removeStale`,
    /// and renders the item again). `restore` puts it back when the render failed and the output is the old one.
    public static func setAside(for out: URL, in folder: URL, found: Found) -> URL? {
        guard case .stamp = found else { return nil }
        let stamp = url(for: out, in: folder)
        let aside = stamp.deletingLastPathComponent().appendingPathComponent(TemporaryName.make(stem: stamp.lastPathComponent, suffix: "kept"))
        return rename(stamp.path, aside.path) == 0 ? aside : nil
    }

    /// Puts a stamp set aside back when the output is still the one it was set aside with (`isSameOutput`: the
    /// render failed before replacing it); otherwise removes it.
    package static func restore(_ aside: URL?, for out: URL, in folder: URL, outputBefore: FileStamp?) {
        guard let aside else { return }
        let stamp = url(for: out, in: folder)
        if !isSameOutput(outputBefore, output(out)) || FileKind.of(stamp.path, followLinks: false) != .missing
            || rename(aside.path, stamp.path) != 0 {
            unlink(aside.path)
        }
    }

    /// The stamp of the output file or folder `out` itself (a trailing / dropped, not followed through a link).
    package static func output(_ out: URL) -> FileStamp? {
        FileStamp(path: out.path.hasSuffix("/") ? String(out.path.dropLast()) : out.path, followLinks: false)
    }

    /// Both stamps are of one output, not written since: the same file (device and inode) and modification time.
    /// No output before is never the same output.
    static func isSameOutput(_ before: FileStamp?, _ now: FileStamp?) -> Bool {
        guard let before, let now else { return false }
        return before.file == now.file && before.modified == now.modified
    }

    /// Writes the record of `out` into `folder`, made if need be.
    public func write(for out: URL, in folder: URL) throws {
        try CreationMode.makeWritableFolder(folder)
        try AtomicFile.write(Data(("sha256 " + hash + "\n").utf8), to: Self.url(for: out, in: folder))
    }
}
