import Foundation

/// Which file a path names, as the file system tells (device and inode, through any links): every spelling of one
/// file's path has the same identity.
package struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// nil when nothing can be found at `path`.
    package init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        (device, inode) = (UInt64(st.st_dev), UInt64(st.st_ino))
    }
}
