import Foundation

extension CreationMode {
    /// The bits of a folder render-gif makes to write into (the goldens, a batch's records and the folder of an item's
    /// output, a snapshot failure's folder): the umask's, with the owner's read, write and search added, as `mkdir -p`
    /// gives the folders it makes on the way. Without them the writes into it would fail (under `umask 777` the folder
    /// would be 000): 0700 under `umask 777` and `umask 077`, 0755 under `umask 022`.
    package static var writableFolder: mode_t { folder | ownerFolder }

    /// Makes `url` and every missing folder above it, each with `writableFolder`'s bits (set after `mkdir`, which
    /// takes the umask's away); a folder already there is left as it is. Throws `RenderError.write` naming the first
    /// folder that cannot be made, or the path when something other than a folder stands there.
    package static func makeWritableFolder(_ url: URL) throws {
        var missing: [String] = []
        var step = url.standardizedFileURL
        while FileKind.of(step.path, followLinks: false) == .missing, step.path != "/" {
            missing.insert(step.path, at: 0)
            step = step.deletingLastPathComponent()
        }
        for path in missing {
            if mkdir(path, ownerFolder) == 0 {
                chmod(path, writableFolder)
            } else if errno != EEXIST {
                throw RenderError.write("folder \(path) cannot be made (\(String(cString: strerror(errno))))")
            }
        }
        guard FileKind.of(url.path) == .directory else { throw RenderError.write("\(url.path) is not a folder") }
    }
}
