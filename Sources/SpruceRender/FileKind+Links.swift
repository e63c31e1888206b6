import Foundation

extension FileKind {
    /// "a symbolic link that leads nowhere (links loop)", or "… (what it names does not exist)", when a symbolic link
    /// stands at `path` and nothing can be reached through it; nil otherwise (nothing there, or something reached).
    package static func linkToNothing(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, stat(path, &st) != 0 else { return nil }
        return "a symbolic link that leads nowhere (\(errno == ELOOP ? "links loop" : "what it names does not exist"))"
    }
}
