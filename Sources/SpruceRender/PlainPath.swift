import Foundation

extension URL {
    /// A file URL for `path` exactly as written, made absolute against the working folder by joining the two.
    /// Foundation's `URL(fileURLWithPath:)` reads a leading `~` as the home folder, and resolves a relative path as
    /// a relative URL, which drops `folder/..` from the text; the file system resolves `..` after the links before
    /// it, so `link/../x` is beside the folder the link names. In a path render-gif is given (an argument, a scene's
    /// image, a manifest's item) the shell has expanded any `~` it meant already, so one that is left is a folder.
    package init(plainPath path: String, isDirectory: Bool? = nil) {
        let written = path.isEmpty || path.hasPrefix("/") ? path : URL.workingFolderPath + "/" + path
        if let isDirectory {
            self.init(fileURLWithPath: written, isDirectory: isDirectory)
        } else {
            self.init(fileURLWithPath: written)
        }
    }

    /// The working folder's path, which relative paths start from. When the C library cannot give one (the folder
    /// was removed, or its path is longer than PATH_MAX), `/proc/self/cwd`, the kernel's own name for the folder:
    /// a path through it reaches the folder however deep it lies (in a child process too, which works in the same
    /// folder), or, once the folder is removed, nothing, so that a write there is refused. Foundation's
    /// `currentDirectoryPath` is then empty, and a relative `x.gif` would become `/x.gif`.
    package static var workingFolderPath: String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
            getcwd(buffer.baseAddress, buffer.count) != nil ? String(cString: buffer.baseAddress!) : "/proc/self/cwd"
        }
    }
}
