import Foundation

/// The small file render-gif leaves in every folder of frames it creates, listing the files it wrote there. Only a
/// folder with this file (or an empty one) is ever written into again, and then only the files it lists are
/// replaced or removed: the user's own files beside the frames are never touched.
package enum FramesManifest {
    package static let fileName = ".render-gif-frames"
    private static let header = "# render-gif frames folder: the files listed below were written by render-gif and are replaced by its next render here."

    /// The files a manifest lists, or nil when `directory` has no manifest (or an unreadable one).
    package static func read(in directory: URL) -> Set<String>? {
        let url = directory.appendingPathComponent(fileName)
        var st = stat()
        guard lstat(url.path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size < 64 << 20,
              let text = try? String(contentsOf: url, encoding: .utf8),
              text.hasPrefix(header) else { return nil }
        let names = text.split(separator: "\n").dropFirst().map(String.init)
            .filter { !$0.isEmpty && !$0.contains("/") && $0 != "." && $0 != ".." && $0 != fileName }
        return Set(names)
    }

    package static func contents(listing names: [String]) -> Data {
        Data(([header] + names.sorted()).joined(separator: "\n").utf8 + [0x0A])
    }

    /// A name render-gif may write into a frames folder (`frame_00000.png`, ...): such a file that the manifest
    /// does not list belongs to someone else, and the folder is refused rather than overwritten.
    package static func looksLikeFrame(_ name: String) -> Bool {
        name.hasPrefix("frame_") && name.lowercased().hasSuffix(".png")
    }
}
