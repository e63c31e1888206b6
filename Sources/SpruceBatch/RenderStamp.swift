import Crypto
import Foundation
import SpruceRender

/// What a batch item's output was made from, stored beside the output (`<out>.spruce-stamp`, written atomically
/// after the output): a SHA-256 over the program's version, the scene (its file's bytes, or a built-in scene's
/// name), the output path, the bytes of every image file the scene names, and the flags. A re-run skips an item
/// whose output exists and whose stamp holds the same hash; any change to the scene file, one of its images, the
/// flags or the program renders it again.
public struct RenderStamp: Equatable {
    public let hash: String

    public init(version: String, scene: String, sceneBytes: Data?, out: String, images: [Data] = [], flags: [String]) {
        var sha = SHA256()
        // Each field length-prefixed, so no two different items can run together into the same bytes; the images'
        // count comes first, so images and flags cannot trade places.
        let fields = [Data(version.utf8), Data(scene.utf8), sceneBytes ?? Data("built-in".utf8), Data(out.utf8),
                      Data("images:\(images.count)".utf8)] + images + flags.map { Data($0.utf8) }
        for field in fields {
            sha.update(data: Data(String(field.count).utf8 + [0x3A]))
            sha.update(data: field)
        }
        hash = sha.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// `<out>.spruce-stamp` (a folder output's stamp sits beside the folder).
    public static func url(for out: URL) -> URL {
        let path = out.path.hasSuffix("/") ? String(out.path.dropLast()) : out.path
        return URL(fileURLWithPath: path + ".spruce-stamp")
    }

    /// What lies at `<out>.spruce-stamp`, read once per item: nothing, a stamp render-gif wrote (its hash), or
    /// something else (a user's own file, a folder), which is never written over.
    public enum Found: Equatable {
        case nothing
        case stamp(hash: String)
        case foreign(String)
    }

    public static func found(for out: URL) -> Found {
        let url = Self.url(for: out)
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

    /// The output exists and the stamp found beside it holds this hash.
    public func isUpToDate(_ out: URL, found: Found) -> Bool {
        FileKind.of(out.path) != .missing && found == .stamp(hash: hash)
    }

    /// Moves render-gif's stamp beside `out` (only when `found` says it is one) to a hidden temporary name while
    /// the item renders, so that a batch killed between the new output and its new stamp leaves no stamp that
    /// vouches for inputs the output no longer comes from (the next run removes the killed run's temporaries and
    /// renders the item again). `restore` puts it back when the render failed and the output is the old one.
    public static func setAside(for out: URL, found: Found) -> URL? {
        guard case .stamp = found else { return nil }
        let stamp = url(for: out)
        let aside = stamp.deletingLastPathComponent().appendingPathComponent(TemporaryName.make(stem: stamp.lastPathComponent, suffix: "kept"))
        return rename(stamp.path, aside.path) == 0 ? aside : nil
    }

    /// Puts a stamp set aside back when the output is still the one it was set aside with (the same inode and
    /// modification time: the render failed before replacing it); otherwise removes it.
    public static func restore(_ aside: URL?, for out: URL, outputBefore: Identity?) {
        guard let aside else { return }
        if outputBefore == nil || Identity(out) != outputBefore || FileKind.of(url(for: out).path, followLinks: false) != .missing
            || rename(aside.path, url(for: out).path) != 0 {
            unlink(aside.path)
        }
    }

    /// What tells one output file or folder from its replacement.
    public struct Identity: Equatable {
        let inode: UInt64
        let seconds: Int
        let nanoseconds: Int

        public init?(_ out: URL) {
            var st = stat()
            guard lstat(out.path.hasSuffix("/") ? String(out.path.dropLast()) : out.path, &st) == 0 else { return nil }
            (inode, seconds, nanoseconds) = (UInt64(st.st_ino), st.st_mtim.tv_sec, st.st_mtim.tv_nsec)
        }
    }

    public func write(beside out: URL) throws {
        try AtomicFile.write(Data(("sha256 " + hash + "\n").utf8), to: Self.url(for: out))
    }
}
