import SpruceRender

/// The animated image formats read back by their own chunks: an APNG's size (IHDR) and frame count (acTL), a
/// WebP's canvas (VP8X), animation (ANIM) and length (the durations of its ANMF chunks: libwebp merges a run of
/// identical frames into one longer frame, so a WebP may hold fewer frames than it was given but never a different
/// length; only a film of one frame is a still image).
extension OutputCheck {
    @_spi(Fuzzing) public func verifyAPNG(_ d: [UInt8]) throws {
        guard d.count > 24, d.starts(with: PNGHeader.signature) else {
            throw fail("the file it wrote is not a PNG")
        }
        var i = 8, frames: Int?
        var size: (Int, Int)?
        var ended = false
        while i + 8 <= d.count {
            let length = BigEndian.int32(d, i)
            let type = String(decoding: d[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = i + 8
            guard body + length + 4 <= d.count else { throw fail("the APNG it wrote is cut short") }
            if type == "IHDR", length >= 8 {
                size = (BigEndian.int32(d, body), BigEndian.int32(d, body + 4))
            }
            if type == "acTL", length >= 4 { frames = BigEndian.int32(d, body) }
            if type == "IEND" { ended = true; break }
            i = body + length + 4
        }
        // A PNG ends with its IEND chunk: without it the file was cut at a chunk's edge.
        guard ended else { throw fail("the APNG it wrote is cut short (no IEND chunk)") }
        guard let size, size == (format.width, format.height) else {
            throw fail("the APNG it wrote is not \(format.width)×\(format.height)")
        }
        let count = frames ?? 1
        guard count == frameCount else { throw fail("the APNG it wrote holds \(count) of \(frameCount) frames") }
    }

    @_spi(Fuzzing) public func verifyWebP(_ d: [UInt8]) throws {
        guard d.count > 30, d.starts(with: Array("RIFF".utf8)), Array(d[8..<12]) == Array("WEBP".utf8) else {
            throw fail("the file it wrote is not a WebP")
        }
        func le(_ at: Int, _ n: Int) -> Int { (0..<n).reversed().reduce(0) { $0 << 8 | Int(d[at + $1]) } }
        var i = 12, frames = 0, stills = 0, milliseconds = 0
        var size: (Int, Int)?
        var animated = false
        while i + 8 <= d.count {
            let type = String(decoding: d[i..<(i + 4)], as: UTF8.self)
            let length = le(i + 4, 4)
            let body = i + 8
            guard body + length <= d.count else { throw fail("the WebP it wrote is cut short") }
            if type == "VP8X", length >= 10 { size = (le(body + 4, 3) + 1, le(body + 7, 3) + 1) }
            if type == "ANIM" { animated = true }
            if type == "ANMF", length >= 16 { frames += 1; milliseconds += le(body + 12, 3) }
            if type == "VP8 " || type == "VP8L" { stills += 1 }
            i = body + length + (length & 1)
        }
        if let size, size != (format.width, format.height) {
            throw fail("the WebP it wrote is \(size.0)×\(size.1), expected \(format.width)×\(format.height)")
        }
        // A film of one frame is written as a still WebP: one image, no animation frames, no duration. A longer film
        // is an animation (ANIM, its length, its play count) even when its frames are all alike (`WebPStill`).
        if frameCount == 1, frames == 0, stills == 1 { return }
        guard animated, frames >= 1 else {
            throw fail("the WebP it wrote is \(stills == 1 ? "a still image" : "no animation") (no ANIM chunk) for \(frameCount) frames")
        }
        guard frames <= frameCount else { throw fail("the WebP it wrote holds \(frames) frames for \(frameCount)") }
        let expected = Double(frameCount) * 1000 / format.framesPerSecond
        guard abs(Double(milliseconds) - expected) <= Double(frameCount) else {
            throw fail("the WebP it wrote lasts \(milliseconds) ms, expected \(Int(expected.rounded())) ms")
        }
    }
}
