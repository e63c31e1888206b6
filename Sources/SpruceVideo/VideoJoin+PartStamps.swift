import Foundation
import SpruceRender

/// What each join part's path names while the parts are joined. A part renamed over, rewritten or truncated between
/// the probe that checked it and the end of ffmpeg's concat is no longer the same part, and the joined file, made
/// from what ffmpeg read then, is not the film the probes vouched for.
extension VideoJoin {
    /// Each part's stamp now, through links.
    static func partStamps(_ parts: [URL]) -> [URL: FileStamp?] {
        Dictionary(parts.map { ($0, FileStamp(path: $0.path, followLinks: true)) }, uniquingKeysWith: { first, _ in first })
    }

    /// A part's stamps before and now are of the same file (device and inode), of the same size and last change
    /// (`st_ctime`, which any write or rename of it moves); a part missing both times is unchanged.
    package static func isSamePart(_ before: FileStamp?, _ now: FileStamp?) -> Bool {
        guard let before, let now else { return before == nil && now == nil }
        return before.file == now.file && before.size == now.size && before.changed == now.changed
    }

    /// Throws `VideoError.invalidOptions` naming the first of `parts` whose stamp is no longer the same part as in
    /// `before`.
    func checkPartsUnchanged(_ parts: [URL], since before: [URL: FileStamp?]) throws {
        for part in parts where !Self.isSamePart(before[part] ?? nil, FileStamp(path: part.path, followLinks: true)) {
            throw VideoError.invalidOptions("\(named(part)) changed while it was joined; nothing was written (join again once it is finished)")
        }
    }
}
