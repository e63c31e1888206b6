import Foundation

/// The small file render-gif leaves in every folder of frames it creates, listing the files it wrote there. Only a
/// folder with this file (or an empty one) is ever written into again, and then only the files it lists are
/// replaced or removed: the user's own files beside the frames are never touched.
///
/// Each line names a file with what identifies the very file render-gif wrote: its inode, size and modification
/// time. A listed file counts as render-gif's only while all three still match, so a manifest copied or planted
/// in a folder (an archive, a checkout) cannot make render-gif replace or delete a file it did not write, and a
/// frame the user edited or copied in is theirs. (A folder copied elsewhere gets new inodes: its frames count as
/// the user's there.)
public enum FramesManifest {
    package static let fileName = ".render-gif-frames"
    private static let header = "# render-gif frames folder, version 2: the files below (name, inode, size, modification time) "
        + "were written by render-gif and are replaced by its next render here while they are unchanged."

    /// What identifies a file render-gif wrote.
    @_spi(Fuzzing) public struct Identity: Equatable {
        let inode: UInt64
        let size: Int64
        let seconds: Int
        let nanoseconds: Int

        /// The regular file at `path` (not followed through a link); nil for anything else.
        package init?(path: String) {
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
            (inode, size, seconds, nanoseconds) = (UInt64(st.st_ino), Int64(st.st_size), st.st_mtim.tv_sec, st.st_mtim.tv_nsec)
        }

        init?(fields: [Substring]) {
            guard fields.count == 3, let inode = UInt64(fields[0]), let size = Int64(fields[1]) else { return nil }
            let time = fields[2].split(separator: ".")
            // A modification time's nanoseconds are 0 ..< 10^9, written as nine digits.
            guard time.count == 2, let seconds = Int(time[0]), let nanoseconds = Int(time[1]),
                  (0..<1_000_000_000).contains(nanoseconds) else { return nil }
            (self.inode, self.size, self.seconds, self.nanoseconds) = (inode, size, seconds, nanoseconds)
        }

        var text: String { "\(inode)\t\(size)\t\(seconds).\(String(format: "%09d", nanoseconds))" }
    }

    /// The longest line `contents` writes: a name of NAME_MAX (255) bytes, an inode and a size of up to 20 digits
    /// each, a time of up to 20 + 1 + 9 characters, three tabs and the line break.
    package static let maximumLineBytes = 255 + 20 + 20 + 30 + 4

    /// The largest manifest `contents` can write for a folder of `entries` files: the reader's limit, so that a
    /// folder of the longest film's frames (3600 s at 1000 fps, 3.6 million lines) is read back, and a planted
    /// file much larger than its folder is not read at all.
    package static func maximumBytes(entries: Int) -> Int { header.utf8.count + 1 + entries * maximumLineBytes }

    /// The listed files that are still the ones render-gif wrote, or nil when `directory` has no manifest (or an
    /// unreadable one, one of an earlier format, or one larger than any `contents` writes for the folder).
    package static func read(in directory: URL) -> Set<String>? {
        let url = directory.appendingPathComponent(fileName)
        let count = (try? FileManager.default.contentsOfDirectory(atPath: directory.path).count) ?? 0
        var st = stat()
        guard lstat(url.path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= maximumBytes(entries: count),
              let text = try? String(contentsOf: url, encoding: .utf8), let listed = entries(text) else { return nil }
        return Set(listed.filter { Identity(path: directory.appendingPathComponent($0.name).path) == $0.identity }.map(\.name))
    }

    /// The well-formed lines of a manifest's text (a line naming no plain file name, or with a damaged identity, is
    /// left out); nil when the text does not start with this version's header.
    @_spi(Fuzzing) public static func entries(_ text: String) -> [(name: String, identity: Identity)]? {
        guard text.hasPrefix(header + "\n") else { return nil }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard let name = fields.first.map(String.init), PlainFileName.isPlain(name),
                  name != fileName, let identity = Identity(fields: Array(fields.dropFirst())) else { return nil }
            return (name, identity)
        }
    }

    /// A manifest's text listing `entries` in name order.
    @_spi(Fuzzing) public static func text(_ entries: [(name: String, identity: Identity)]) -> String {
        let lines = entries.sorted { $0.name < $1.name }.map { "\($0.name)\t\($0.identity.text)" }
        return ([header] + lines).joined(separator: "\n") + "\n"
    }

    /// The manifest of `names`, as they are now in `directory`.
    package static func contents(listing names: [String], in directory: URL) -> Data {
        Data(text(names.compactMap { name in Identity(path: directory.appendingPathComponent(name).path).map { (name, $0) } }).utf8)
    }

    /// A name render-gif may write into a frames folder (`frame_00000.png`, ...): such a file that the manifest
    /// does not list belongs to someone else, and the folder is refused rather than overwritten.
    package static func looksLikeFrame(_ name: String) -> Bool {
        name.hasPrefix("frame_") && name.lowercased().hasSuffix(".png")
    }
}
