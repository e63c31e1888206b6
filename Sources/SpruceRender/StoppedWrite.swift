import Foundation

/// A write the file system stopped midway, recognised by its reason in a message (ours or a tool's): the disk is
/// full or over quota, or the file is past the file size limit. No later file on that disk fares better, unlike a
/// refusal of one target.
public enum StoppedWrite {
    /// A full file system: no space left, or the user's quota used up.
    public static let diskFull: [Int32] = [ENOSPC, EDQUOT]

    /// The reason among `codes` (by its `strerror` text) that `message` carries, or nil.
    public static func reason(in message: String, among codes: [Int32] = diskFull + [EFBIG]) -> String? {
        codes.lazy.map { String(cString: strerror($0)) }.first { message.contains($0) }
    }
}
