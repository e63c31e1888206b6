import Foundation

/// The names of render-gif's temporaries (an output's file or folder beside its target, a kept copy, a palette or
/// join folder in `$TMPDIR`): `.<stem>.render-gif-<pid>-<place><random>.<suffix>`, where pid is the process that
/// made it, `place` 8 hex digits naming where that pid means something (the machine and PID namespace) and
/// `random` 8 more. A run killed outright (SIGKILL, a power cut) cannot remove its temporaries; the next run that
/// writes into the same folder recognises them by their name and removes those whose process is gone.
///
/// A pid says whether a process is alive only in the PID namespace and on the machine that gave it: two containers,
/// or two machines, writing into one shared folder each see the other's live pids as gone. So a temporary made in
/// another place is never judged by its pid; it is stale only once nothing has changed it (`st_ctime`: a write, a
/// new file in a folder, a link) for `strangerAge`.
package enum TemporaryName {
    private static let marker = ".render-gif-"
    /// How long a temporary of another PID namespace or machine stays untouched before it counts as stale.
    package static let strangerAge: TimeInterval = 24 * 60 * 60

    /// This process's place: 8 hex digits of a hash of the machine (`/etc/machine-id`), the host name and the PID
    /// namespace (`/proc/self/ns/pid`'s inode). The same after a reboot of the same machine, so a power cut's
    /// temporaries are still judged by their pid.
    package static let place: String = {
        var text = (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8)) ?? ""
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 { text += "|" + String(cString: host) }
        var st = stat()
        if stat("/proc/self/ns/pid", &st) == 0 { text += "|\(st.st_dev):\(st.st_ino)" }
        var hash: UInt32 = 0x811c_9dc5  // FNV-1a
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hex(UInt64(hash), digits: 8)
    }()

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// A fresh name for a temporary of this process; `stem` is cut to 100 bytes, so that a target whose name is
    /// near the 255-byte limit still gets one.
    package static func make(stem: String, suffix: String) -> String {
        var cut = ""
        for character in stem {
            guard cut.utf8.count + character.utf8.count <= 100 else { break }
            cut.append(character)
        }
        let random = hex(UInt64(UInt32.random(in: 0...UInt32.max)), digits: 8)
        return ".\(cut)\(marker)\(getpid())-\(place)\(random).\(suffix)"
    }

    /// The process that made the temporary called `name` and the place whose pid it is, or nil when `name` is not
    /// such a name.
    package static func owner(of name: String) -> (pid: pid_t, place: Substring)? {
        guard name.hasPrefix("."), let range = name.range(of: marker, options: .backwards) else { return nil }
        let rest = name[range.upperBound...].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard rest.count == 2 else { return nil }
        let parts = rest[0].split(separator: "-", omittingEmptySubsequences: false)
        let suffix = rest[1]
        guard parts.count == 2, parts[1].count == 16, parts[1].allSatisfy(\.isHexDigit),
              let pid = pid_t(parts[0]), pid > 0, String(pid) == parts[0],
              ["tmp", "kept", "unoptimized.gif"].contains(suffix) || suffix.hasPrefix("tmp.") else { return nil }
        return (pid, parts[1].prefix(8))
    }

    /// Removes the temporaries in `directory` left by runs that are over: named as `make` names them, owned by this
    /// user, a regular file or a folder (never followed through a link), and made in this place by a process that
    /// no longer exists, or in another place and untouched for `strangerAge`. A live run's temporaries, this
    /// process's own, and every other file are left alone. Best effort.
    package static func removeStale(in directory: String, strangerAge: TimeInterval = TemporaryName.strangerAge) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in entries {
            guard let (pid, madeIn) = owner(of: name) else { continue }
            let path = (directory as NSString).appendingPathComponent(name)
            var st = stat()
            guard lstat(path, &st) == 0, st.st_uid == geteuid() else { continue }
            if madeIn == place {
                guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            } else {
                let changed = Double(st.st_ctim.tv_sec) + Double(st.st_ctim.tv_nsec) / 1e9
                guard Date().timeIntervalSince1970 - changed >= strangerAge else { continue }
            }
            switch st.st_mode & S_IFMT {
            case S_IFREG: unlink(path)
            case S_IFDIR: try? FileManager.default.removeItem(atPath: path)
            default: continue
            }
        }
    }
}
