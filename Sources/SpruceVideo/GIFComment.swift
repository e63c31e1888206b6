import Foundation

/// A GIF comment extension (`0x21 0xFE`, the text in sub-blocks of up to 255 bytes), the place a joinable GIF part
/// keeps its `PartLabel`: decoders skip it, and `GIFParts` reads it back.
enum GIFComment {
    /// The extension's bytes for `text`.
    static func block(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0x21, 0xFE]
        var rest = Array(text.utf8)[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(255)
            out.append(UInt8(chunk.count))
            out += chunk
            rest = rest.dropFirst(chunk.count)
        }
        return out + [0x00]
    }

    /// The text of the comment whose sub-blocks are `bytes` (from the first length byte to the terminator).
    static func text(subBlocks bytes: ArraySlice<UInt8>) -> String {
        var text: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex, bytes[i] != 0 {
            let end = min(bytes.endIndex, i + 1 + Int(bytes[i]))
            text += bytes[(i + 1)..<end]
            i = end
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Puts the comment at the end of the GIF at `path` (a file of ours: ffmpeg's temporary output), before its
    /// trailer, where every decoder has already found the screen, the loop count and the frames.
    static func append(_ text: String, toFileAt path: String) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw VideoError.io("cannot open '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        var last: UInt8 = 0
        guard fstat(fd, &info) == 0, info.st_size > 13, pread(fd, &last, 1, info.st_size - 1) == 1, last == 0x3B else {
            throw VideoError.io("'\(path)' is not a GIF ffmpeg finished (no trailer)")
        }
        let tail = block(text) + [0x3B]
        guard pwrite(fd, tail, tail.count, info.st_size - 1) == tail.count else {
            throw VideoError.io("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
