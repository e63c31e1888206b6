import Foundation
import SpruceRender

/// Finds a program as the shell's `execvp` does: a name with a `/` is the path it is; any other name is looked up in
/// the folders of `PATH` in order, and with no `PATH` at all (`env -i render-gif …`) in the system's default
/// search path. An empty entry names no folder (never the working folder; `.` does), and only an executable
/// regular file counts: a folder or a file without execute permission of that name is passed over.
enum ExecutableSearch {
    /// Where programs are looked for when the environment has no `PATH`.
    static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

    /// `PATH` of `environment`, or `defaultSearchPath` when it has none (an empty `PATH` is still a `PATH`).
    static func searchPath(_ environment: [String: String]) -> String {
        environment["PATH"] ?? defaultSearchPath
    }

    /// `name` found on the search path of `environment`, or nil.
    static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        find(name, on: searchPath(environment))
    }

    /// `name` as a path (it has a `/`), or the first executable file `name` in the folders of `searchPath`; nil when
    /// there is none.
    static func find(_ name: String, on searchPath: String) -> String? {
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// A regular file (links followed) that this process may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        FileKind.of(path) == .regular && access(path, X_OK) == 0
    }
}
