import Foundation

/// A still WebP made the one frame of an animation. libwebp (ffmpeg's `libwebp_anim`) merges a run of identical frames
/// into one longer frame, and writes an animation left with a single frame as a still image: no ANIM chunk, so no
/// length and no play count. A film of several frames that are all alike (views that never move, a stretch where
/// nothing animates) comes out so; its image is put back into an animation that lasts the film and plays as asked.
enum WebPStill {
    /// The longest frame a WebP holds, in milliseconds (24 bits).
    static let longestFrame = 0xFF_FFFF

    /// Rewrites the WebP at `path` (a file of ours: ffmpeg's temporary output) when it is a still image, as an
    /// animation of that image on a `width`×`height` canvas lasting `milliseconds`, played `plays` times (0: for ever).
    /// An animation, or a file that is not a still WebP of that one image, is left for `OutputCheck` to judge.
    static func animate(fileAt path: String, width: Int, height: Int, milliseconds: Int, plays: Int) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw VideoError.io("cannot open '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        // A still of one film frame is small: a larger file is left unread (an animation, or not ours to change).
        guard fstat(fd, &info) == 0, info.st_size <= 1 << 30 else { return }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        guard pread(fd, &bytes, bytes.count, 0) == bytes.count,
              let animation = animated(bytes, width: width, height: height, milliseconds: milliseconds, plays: plays) else { return }
        guard pwrite(fd, animation, animation.count, 0) == animation.count, ftruncate(fd, off_t(animation.count)) == 0 else {
            throw VideoError.io("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// The animation of the still WebP `d`, or nil when `d` is not a still of `width`×`height` pixels: VP8X (animation flag set, alpha flag when
    /// the image has alpha), ANIM (white background, `plays`), then ANMF frames of the image covering the canvas, no
    /// blending, lasting `milliseconds` in all (more than one frame only past `longestFrame`).
    static func animated(_ d: [UInt8], width: Int, height: Int, milliseconds: Int, plays: Int) -> [UInt8]? {
        guard let still = stillImage(d), still.width == width, still.height == height, milliseconds >= 1,
              (0...0xFFFF).contains(plays) else { return nil }
        let (image, alpha) = (still.chunks, still.alpha)
        var body = chunk("VP8X", [alpha ? 0x12 : 0x02, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))
        body += chunk("ANIM", [0xFF, 0xFF, 0xFF, 0xFF] + le(plays, 2))
        var left = milliseconds
        while left > 0 {
            let duration = min(left, longestFrame)
            body += chunk("ANMF", le(0, 3) + le(0, 3) + le(width - 1, 3) + le(height - 1, 3) + le(duration, 3) + [0x02] + image)
            left -= duration
        }
        return Array("RIFF".utf8) + le(4 + body.count, 4) + Array("WEBP".utf8) + body
    }

    /// The image chunks of a still WebP (a lone VP8L or VP8 chunk; or VP8X, then an optional ALPH and VP8 or VP8L),
    /// its size and whether it has alpha; nil for an animation, another chunk, or bytes that are not a whole WebP.
    static func stillImage(_ d: [UInt8]) -> (chunks: [UInt8], width: Int, height: Int, alpha: Bool)? {
        guard d.count >= 20, d.starts(with: Array("RIFF".utf8)), Array(d[8..<12]) == Array("WEBP".utf8),
              readLE(d, 4, 4) + 8 == d.count else { return nil }
        var chunks: [(type: String, start: Int, end: Int)] = []
        var i = 12
        while i < d.count {
            guard i + 8 <= d.count else { return nil }
            let length = readLE(d, i + 4, 4), end = i + 8 + length + (length & 1)
            guard end <= d.count else { return nil }
            chunks.append((String(decoding: d[i..<(i + 4)], as: UTF8.self), i, end))
            i = end
        }
        var types = chunks.map(\.type)
        if types.first == "VP8X" {
            chunks.removeFirst()
            types.removeFirst()
        } else if types.count != 1 {
            return nil
        }
        guard types == ["VP8L"] || types == ["VP8 "] || types == ["ALPH", "VP8 "] else { return nil }
        let image = Array(d[chunks[0].start..<chunks[chunks.count - 1].end])
        let bitstream = chunks[chunks.count - 1].start + 8
        guard bitstream + 10 <= d.count else { return nil }
        if types == ["VP8L"] {
            // A signature byte, then 14 bits of width - 1, 14 of height - 1 and the alpha bit.
            let bits = readLE(d, bitstream + 1, 4)
            guard d[bitstream] == 0x2F else { return nil }
            return (image, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1, bits & (1 << 28) != 0)
        }
        // VP8: a 3-byte frame tag, the start code, then 14 bits of width and 14 of height (2 bits of scale each).
        guard Array(d[(bitstream + 3)..<(bitstream + 6)]) == [0x9D, 0x01, 0x2A] else { return nil }
        return (image, readLE(d, bitstream + 6, 2) & 0x3FFF, readLE(d, bitstream + 8, 2) & 0x3FFF, types.first == "ALPH")
    }

    private static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        Array(type.utf8) + le(payload.count, 4) + payload + (payload.count & 1 == 1 ? [0] : [])
    }

    private static func le(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func readLE(_ d: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reversed().reduce(0) { $0 << 8 | Int(d[at + $1]) }
    }
}
