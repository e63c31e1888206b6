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

    /// One line of a manifest: a file's name and what identifies the very file render-gif wrote there (its inode,
    /// size and modification time). The device is not kept: every name listed is an entry of the manifest's own
    /// folder, so on its file system, and a device number is not kept across a reboot or a remount.
    @_spi(Fuzzing) public struct Entry: Equatable {
        public let name: String
        let inode: UInt64
        let size: Int64
        let modified: FileStamp.Time

        /// The entry of the file at `name` in `directory` as it is now; nil unless a regular file is there (not
        /// followed through a link).
        package init?(_ name: String, in directory: URL) {
            guard let stamp = FileStamp(path: directory.appendingPathComponent(name).path, followLinks: false),
                  stamp.kind == .regular else { return nil }
            (self.name, inode, size, modified) = (name, stamp.file.inode, stamp.size, stamp.modified)
        }

        /// The line's entry; nil when it names no plain file name or its identity is damaged.
        init?(line: Substring) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, PlainFileName.isPlain(String(fields[0])), String(fields[0]) != fileName,
                  let inode = UInt64(fields[1]), let size = Int64(fields[2]) else { return nil }
            let time = fields[3].split(separator: ".")
            // A modification time's nanoseconds are 0 ..< 10^9, written as nine digits.
            guard time.count == 2, let seconds = Int(time[0]), let nanoseconds = Int(time[1]),
                  (0..<1_000_000_000).contains(nanoseconds) else { return nil }
            (name, self.inode, self.size) = (String(fields[0]), inode, size)
            modified = FileStamp.Time(seconds: seconds, nanoseconds: nanoseconds)
        }

        var line: String {
            "\(name)\t\(inode)\t\(size)\t\(modified.seconds).\(String(format: "%09d", modified.nanoseconds))"
        }

        /// The file at its name in `directory` is still the one this entry lists: a regular file with the same inode,
        /// size and modification time.
        func isCurrent(in directory: URL) -> Bool {
            Entry(name, in: directory) == self
        }
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
        return Set(listed.filter { $0.isCurrent(in: directory) }.map(\.name))
    }

    /// The well-formed lines of a manifest's text (a line naming no plain file name, or with a damaged identity, is
    /// left out); nil when the text does not start with this version's header.
    @_spi(Fuzzing) public static func entries(_ text: String) -> [Entry]? {
        guard text.hasPrefix(header + "\n") else { return nil }
        return text.split(separator: "\n").dropFirst().compactMap(Entry.init(line:))
    }

    /// A manifest's text listing `entries` in name order.
    @_spi(Fuzzing) public static func text(_ entries: [Entry]) -> String {
        let lines = entries.sorted { $0.name < $1.name }.map(\.line)
        return ([header] + lines).joined(separator: "\n") + "\n"
    }

    /// The manifest of `names`, as they are now in `directory`.
    package static func contents(listing names: [String], in directory: URL) -> Data {
        Data(text(names.compactMap { Entry($0, in: directory) }).utf8)
    }

    /// A name render-gif may write into a frames folder (`frame_00000.png`, ...): such a file that the manifest
    /// does not list belongs to someone else, and the folder is refused rather than overwritten.
    package static func looksLikeFrame(_ name: String) -> Bool {
        name.hasPrefix("frame_") && name.lowercased().hasSuffix(".png")
    }
}
