import Foundation

extension URL {
    /// A file URL for `path` exactly as written, made absolute against the current folder by joining the two.
    /// Foundation's `URL(fileURLWithPath:)` reads a leading `~` as the home folder, and resolves a relative path as
    /// a relative URL, which drops `folder/..` from the text; the file system resolves `..` after the links before
    /// it, so `link/../x` is beside the folder the link names. In a path render-gif is given (an argument, a scene's
    /// image, a manifest's item) the shell has expanded any `~` it meant already, so one that is left is a folder.
    package init(plainPath path: String, isDirectory: Bool? = nil) {
        let written = path.isEmpty || path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let isDirectory {
            self.init(fileURLWithPath: written, isDirectory: isDirectory)
        } else {
            self.init(fileURLWithPath: written)
        }
    }
}
