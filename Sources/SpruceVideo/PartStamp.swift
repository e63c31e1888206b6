import Foundation

/// What a join part's path names at one moment: its file (device and inode) and that file's size and last change
/// (`st_ctime`, which any write or rename of it moves). A part renamed over, rewritten or truncated between the
/// probe that checked it and the end of ffmpeg's concat has another stamp, and the joined file, made from what ffmpeg
/// read then, is not the film the probes vouched for.
struct PartStamp: Equatable {
    let device: UInt64, inode: UInt64, size: Int64
    let changedSeconds: Int, changedNanoseconds: Int

    /// nil when nothing is at `path`.
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        (device, inode, size) = (UInt64(st.st_dev), UInt64(st.st_ino), Int64(st.st_size))
        (changedSeconds, changedNanoseconds) = (st.st_ctim.tv_sec, st.st_ctim.tv_nsec)
    }

    /// Throws `VideoError.invalidOptions` naming the first of `parts` whose stamp is no longer its stamp in `before`.
    static func checkUnchanged(_ parts: [URL], since before: [URL: PartStamp?]) throws {
        for part in parts where PartStamp(path: part.path) != before[part] ?? nil {
            throw VideoError.invalidOptions("part '\(part.path)' changed while it was joined; nothing was written (join again once it is finished)")
        }
    }
}
