import Foundation

/// What the file system says of a path at one moment: which file it names (device and inode), its kind and size,
/// and the times of its last write (`st_mtime`) and last change (`st_ctime`, which any write, rename, link or
/// permission change moves, and which no program can set back). Each user keeps its own rule on top: `file` for
/// "the same file", and the size or a time as well for "the same file, unchanged".
package struct FileStamp: Hashable {
    /// Which file a path names: every path to one file (hard links, bind mounts, links followed) has the same.
    package struct File: Hashable {
        package let device: UInt64
        package let inode: UInt64
    }

    /// A time as `stat` gives it, to the nanosecond.
    package struct Time: Hashable {
        package let seconds: Int
        /// 0 ..< 10^9.
        package let nanoseconds: Int

        package init(seconds: Int, nanoseconds: Int) {
            (self.seconds, self.nanoseconds) = (seconds, nanoseconds)
        }

        init(_ time: timespec) {
            (seconds, nanoseconds) = (time.tv_sec, time.tv_nsec)
        }
    }

    package let file: File
    package let kind: FileKind
    package let size: Int64
    package let modified: Time
    package let changed: Time

    /// The stamp of what is at `path`, through symbolic links when `followLinks` (a link's own otherwise); nil when
    /// nothing is there (or it cannot be reached).
    package init?(path: String, followLinks: Bool) {
        var st = stat()
        guard (followLinks ? stat(path, &st) : lstat(path, &st)) == 0 else { return nil }
        file = File(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        kind = FileKind(mode: st.st_mode)
        size = Int64(st.st_size)
        (modified, changed) = (Time(st.st_mtim), Time(st.st_ctim))
    }
}
