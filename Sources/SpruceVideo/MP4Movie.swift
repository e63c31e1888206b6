import SpruceRender

/// The `moov` box of an MP4: the movie header's duration and, for the first video track, its sample count, the
/// bytes its samples take and where its chunks start. Only the fixed path moov › trak › mdia › minf › stbl is
/// followed, so nesting is bounded by construction; every field is read inside the box that holds it.
struct MP4Movie {
    private let bytes: [UInt8]

    init(_ moov: [UInt8]) { bytes = moov }

    typealias Problem = MP4Summary.Problem

    /// The summary, checked against the file: the samples must fit in the media data and every chunk must start
    /// inside the file.
    func summary(fileSize: Int, mediaBytes: Int) throws -> MP4Summary {
        guard let moov = MP4Box.header(bytes, at: 0, limit: bytes.count) else { throw Problem.damaged("its movie box is damaged") }
        let top = try children(of: moov.headerSize..<moov.size)
        guard let header = top.first(where: { $0.type == "mvhd" }) else { throw Problem.damaged("it has no movie header (mvhd)") }
        let (timescale, duration) = try timing(header.payload)
        guard timescale > 0 else { throw Problem.damaged("its movie header has a time scale of 0") }
        var summary = MP4Summary(videoFrames: nil, seconds: Double(duration) / Double(timescale), isFragmented: false)
        for track in top where track.type == "trak" {
            guard let media = try children(of: track.payload).first(where: { $0.type == "mdia" }) else { continue }
            let mediaBoxes = try children(of: media.payload)
            guard let handler = mediaBoxes.first(where: { $0.type == "hdlr" }), handler.payload.count >= 12,
                  type(at: handler.payload.lowerBound + 8) == "vide" else { continue }
            guard let info = mediaBoxes.first(where: { $0.type == "minf" }),
                  let table = try children(of: info.payload).first(where: { $0.type == "stbl" }) else {
                throw Problem.damaged("its video track has no sample table")
            }
            let tableBoxes = try children(of: table.payload)
            let (count, sampleBytes) = try sampleSizes(tableBoxes)
            guard sampleBytes <= mediaBytes else {
                throw Problem.damaged("its frames take \(sampleBytes) bytes but its media data holds \(mediaBytes)")
            }
            if let start = try firstChunk(tableBoxes, atOrPast: fileSize) { throw Problem.cutOff(atByte: start) }
            summary.videoFrames = count
            return summary
        }
        return summary
    }

    private struct Child {
        let type: String
        let payload: Range<Int>
    }

    /// The boxes that tile `range` exactly.
    private func children(of range: Range<Int>) throws -> [Child] {
        var result: [Child] = [], offset = range.lowerBound
        while offset < range.upperBound {
            guard let box = MP4Box.header(bytes, at: offset, limit: range.upperBound - offset) else {
                throw Problem.damaged("a box at byte \(offset) of its movie box runs past the box that holds it")
            }
            result.append(Child(type: box.type, payload: (offset + box.headerSize)..<(offset + box.size)))
            offset += box.size
        }
        return result
    }

    private func type(at offset: Int) -> String { String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) }

    /// A field of `count` bytes at `offset` that must lie inside `box`.
    private func field(_ box: Range<Int>, _ offset: Int, _ count: Int) throws -> UInt64 {
        guard offset >= box.lowerBound, offset + count <= box.upperBound else {
            throw Problem.damaged("a box of its movie box is too short")
        }
        return BigEndian.uint(bytes, offset, count)
    }

    /// A movie or media header's time scale and duration (version 0: 32-bit times, version 1: 64-bit).
    private func timing(_ box: Range<Int>) throws -> (UInt64, UInt64) {
        let start = box.lowerBound
        if try field(box, start, 1) == 1 { return (try field(box, start + 20, 4), try field(box, start + 24, 8)) }
        return (try field(box, start + 12, 4), try field(box, start + 16, 4))
    }

    /// `stsz` (one size for all or one per sample) or `stz2` (4, 8 or 16-bit sizes): the count and the sum.
    private func sampleSizes(_ table: [Child]) throws -> (Int, Int) {
        if let stsz = table.first(where: { $0.type == "stsz" }) {
            let p = stsz.payload, common = try field(p, p.lowerBound + 4, 4), count = Int(try field(p, p.lowerBound + 8, 4))
            if common != 0 {
                let (sum, overflow) = count.multipliedReportingOverflow(by: Int(common))
                guard !overflow else { throw Problem.damaged("its sample size table is damaged") }
                return (count, sum)
            }
            guard count <= (p.count - 12) / 4 else { throw Problem.damaged("its sample size table is cut short") }
            var sum = 0
            for i in 0..<count { sum += Int(try field(p, p.lowerBound + 12 + 4 * i, 4)) }
            return (count, sum)
        }
        if let stz2 = table.first(where: { $0.type == "stz2" }) {
            let p = stz2.payload, bits = Int(try field(p, p.lowerBound + 7, 1)), count = Int(try field(p, p.lowerBound + 8, 4))
            guard [4, 8, 16].contains(bits), count <= (p.count - 12) * 8 / bits else {
                throw Problem.damaged("its compact sample size table is damaged")
            }
            var sum = 0
            for i in 0..<count {
                if bits == 4 {
                    let byte = try field(p, p.lowerBound + 12 + i / 2, 1)
                    sum += Int(i % 2 == 0 ? byte >> 4 : byte & 0xF)
                } else {
                    sum += Int(try field(p, p.lowerBound + 12 + i * bits / 8, bits / 8))
                }
            }
            return (count, sum)
        }
        throw Problem.damaged("its video track has no sample size table")
    }

    /// The first `stco` (32-bit) or `co64` (64-bit) chunk offset at or past `end`, if any.
    private func firstChunk(_ table: [Child], atOrPast end: Int) throws -> Int? {
        guard let box = table.first(where: { $0.type == "stco" || $0.type == "co64" }) else {
            throw Problem.damaged("its video track has no chunk offsets")
        }
        let p = box.payload, width = box.type == "co64" ? 8 : 4, count = Int(try field(p, p.lowerBound + 4, 4))
        guard count <= (p.count - 8) / width else { throw Problem.damaged("its chunk offset table is cut short") }
        for i in 0..<count {
            let value = try field(p, p.lowerBound + 8 + width * i, width)
            if value >= UInt64(end) { return value > UInt64(Int.max) ? Int.max : Int(value) }
        }
        return nil
    }
}
