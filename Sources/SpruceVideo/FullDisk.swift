import Foundation
import SpruceRender

/// ffmpeg stopped because a file system is full (its message carries `ENOSPC` or `EDQUOT`): that is an I/O error
/// naming where the bytes were going, not a failed encoder.
enum FullDisk {
    /// `VideoError.io("cannot write <what>: No space left on device")` when `detail`, ffmpeg's failure, says a
    /// disk is full; nil for any other failure.
    static func error(in detail: String, writing what: String) -> VideoError? {
        StoppedWrite.reason(in: detail, among: StoppedWrite.diskFull).map { .io("cannot write \(what): \($0)") }
    }

    /// What a GIF's palette pass writes: the palette, in `$TMPDIR`.
    static var palette: String { "the GIF's palette in '\(FileManager.default.temporaryDirectory.path)' ($TMPDIR)" }
}
