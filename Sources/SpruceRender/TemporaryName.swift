import Foundation

/// The names of render-gif's temporaries (an output's file or folder beside its target, a kept copy, a palette or
/// join folder in `$TMPDIR`): `.<stem>.render-gif-<pid>-<16 hex digits>.<suffix>`, where pid is the process that
/// made it. A run killed outright (SIGKILL, a power cut) cannot remove its temporaries; the next run that writes
/// into the same folder recognises them by their name and removes those whose process is gone.
package enum TemporaryName {
    private static let marker = ".render-gif-"

    /// A fresh name for a temporary of this process; `stem` is cut to 100 bytes, so that a target whose name is
    /// near the 255-byte limit still gets one.
    package static func make(stem: String, suffix: String) -> String {
        var cut = ""
        for character in stem {
            guard cut.utf8.count + character.utf8.count <= 100 else { break }
            cut.append(character)
        }
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return ".\(cut)\(marker)\(getpid())-\(String(repeating: "0", count: 16 - random.count))\(random).\(suffix)"
    }

    /// The process that made the temporary called `name`, or nil when `name` is not such a name.
    package static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix("."), let range = name.range(of: marker, options: .backwards) else { return nil }
        let rest = name[range.upperBound...].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard rest.count == 2 else { return nil }
        let parts = rest[0].split(separator: "-", omittingEmptySubsequences: false)
        let suffix = rest[1]
        guard parts.count == 2, parts[1].count == 16, parts[1].allSatisfy(\.isHexDigit),
              let pid = pid_t(parts[0]), pid > 0, String(pid) == parts[0],
              ["tmp", "kept", "unoptimized.gif"].contains(suffix) || suffix.hasPrefix("tmp.") else { return nil }
        return pid
    }

    /// Removes the temporaries in `directory` left by runs that are over: named as `make` names them, owned by this
    /// user, a regular file or a folder (never followed through a link), and made by a process that no longer
    /// exists. A live run's temporaries, this process's own, and every other file are left alone. Best effort.
    package static func removeStale(in directory: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in entries {
            guard let pid = owner(of: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = (directory as NSString).appendingPathComponent(name)
            var st = stat()
            guard lstat(path, &st) == 0, st.st_uid == geteuid() else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFREG: unlink(path)
            case S_IFDIR: try? FileManager.default.removeItem(atPath: path)
            default: continue
            }
        }
    }
}
