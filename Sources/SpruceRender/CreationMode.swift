import Foundation

/// The permission bits of what render-gif creates. A finished output gets what the process's umask asks for, as from
/// any Unix tool: `0666 & ~umask` for a file, `0777 & ~umask` for a folder, 000 under `umask 777`. Until then a
/// temporary is the owner's to read and write whatever the umask (render-gif and ffmpeg open it by name, write into
/// it and read it back), and takes its final bits just before it is renamed into place (`AtomicOutput.commit`).
package enum CreationMode {
    /// The umask, read once without changing it: the `Umask:` line of /proc/self/status. Reading it with `umask(2)`
    /// means setting it, and a file another thread creates meanwhile would get the wrong bits; that is done only
    /// where /proc has no such line (Linux before 4.7, no /proc mounted).
    package static let umask: mode_t = fromProcStatus() ?? {
        let current = Glibc.umask(0o022)
        Glibc.umask(current)
        return current
    }()

    /// A finished file's bits.
    package static var file: mode_t { 0o666 & ~umask }
    /// A finished folder's bits.
    package static var folder: mode_t { 0o777 & ~umask }
    /// A temporary file's bits while it is written.
    package static let ownerFile: mode_t = 0o600
    /// A temporary folder's bits while it is filled.
    package static let ownerFolder: mode_t = 0o700

    /// Gives the owner read and write on every regular file directly in `folder`, which another process (ffmpeg)
    /// created under the umask, so that render-gif can read them back; `commit` gives them their final bits.
    package static func openFilesToOwner(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            var st = stat()
            if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG { chmod(path, (st.st_mode & 0o7777) | ownerFile) }
        }
    }

    private static func fromProcStatus() -> mode_t? {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 16 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Umask:") {
            return mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        }
        return nil
    }
}
