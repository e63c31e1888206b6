import Foundation
import SpruceRender

/// What an MP4 (ISO base media) file's boxes say about its first video track, read without a child process:
/// the top-level boxes must tile the file exactly (a cut-off file fails here), and only the `moov` box is read,
/// never the media data. Every size is checked against its enclosing box before it is used, nesting is bounded,
/// and `moov` may be at most `maximumMovieBytes`, so damaged or hostile files end in `MP4Summary.Problem`, not a
/// crash or a huge allocation.
///
/// Fragmented files (`moof`) keep their samples outside `moov`; `isFragmented` tells the caller to ask ffprobe.
@_spi(Fuzzing) public struct MP4Summary: Equatable {
    /// Samples (frames) of the first track whose handler is `vide`; nil when there is none.
    public var videoFrames: Int?
    /// The movie header's duration in seconds (0 when it gives none).
    public var seconds: Double
    public var isFragmented: Bool

    /// A 1-hour 4K film at 60 fps has a `moov` of about 2 MB; anything beyond this is not ours.
    static let maximumMovieBytes = 256 << 20

    public enum Problem: Error, Equatable {
        case notMP4
        /// A box runs past the end of the file (or of the box holding it): the file was cut off.
        case cutOff(atByte: Int)
        case damaged(String)

        /// What is wrong with a part given to `VideoJoin`, completing "part 'p.mp4' …".
        var joinText: String {
            switch self {
            case .notMP4: return "is not an MP4 file"
            case .cutOff(let byte): return "is truncated (cut off at byte \(byte))"
            case .damaged(let what): return "is damaged: \(what)"
            }
        }
    }

    /// Reads the file at `path`.
    static func read(path: String) throws -> MP4Summary {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Problem.damaged("it cannot be opened") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Problem.damaged("it cannot be read") }
        return try read(size: Int(status.st_size)) { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
    }

    /// Reads a file of `size` bytes through `readAt(offset, count)`, which returns exactly `count` bytes or nil.
    public static func read(size: Int, readAt: (Int, Int) -> [UInt8]?) throws -> MP4Summary {
        var offset = 0, movie: [UInt8]?, mediaBytes = 0, fragmented = false, first = true
        while offset < size {
            guard let head = readAt(offset, min(16, size - offset)), head.count >= 8 else { throw Problem.cutOff(atByte: offset) }
            guard let box = MP4Box.header(head, at: 0, limit: size - offset) else {
                throw first ? Problem.notMP4 : Problem.cutOff(atByte: offset)
            }
            if first {
                guard box.type == "ftyp" else { throw Problem.notMP4 }
                first = false
            }
            switch box.type {
            case "moov":
                guard movie == nil else { throw Problem.damaged("it has two movie boxes") }
                guard box.size <= maximumMovieBytes else { throw Problem.damaged("its movie box is \(box.size) bytes") }
                guard let bytes = readAt(offset, box.size) else { throw Problem.cutOff(atByte: offset) }
                movie = bytes
            case "mdat": mediaBytes += box.size - box.headerSize
            case "moof": fragmented = true
            default: break
            }
            offset += box.size
        }
        if first { throw Problem.notMP4 }
        guard let movie else {
            if fragmented { return MP4Summary(videoFrames: nil, seconds: 0, isFragmented: true) }
            throw Problem.damaged("it has no movie box (moov)")
        }
        var summary = try MP4Movie(movie).summary(fileSize: size, mediaBytes: mediaBytes)
        summary.isFragmented = fragmented
        return summary
    }
}

/// One box header: `size` includes the header; a 32-bit size of 1 means a 64-bit size follows, 0 "to the end".
struct MP4Box {
    let type: String
    let size: Int
    let headerSize: Int

    /// The header at `offset` of `bytes`, for a box that may take at most `limit` bytes; nil when it claims more
    /// (or less than its own header).
    static func header(_ bytes: [UInt8], at offset: Int, limit: Int) -> MP4Box? {
        guard offset + 8 <= bytes.count, limit >= 8 else { return nil }
        let size32 = BigEndian.uint(bytes, offset, 4)
        let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
        var size = size32, headerSize = 8
        if size32 == 1 {
            guard offset + 16 <= bytes.count else { return nil }
            let size64 = BigEndian.uint(bytes, offset + 8, 8)
            guard size64 <= UInt64(Int.max) else { return nil }
            size = size64
            headerSize = 16
        } else if size32 == 0 {
            size = UInt64(limit)
        }
        guard size >= UInt64(headerSize), size <= UInt64(limit) else { return nil }
        return MP4Box(type: type, size: Int(size), headerSize: headerSize)
    }
}
