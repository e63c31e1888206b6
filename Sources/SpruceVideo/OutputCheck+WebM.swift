import Foundation

/// A WebM's own length: ffmpeg writes the Segment element's size when it finishes a seekable file, so the file
/// must end exactly where its Segment does. ffprobe counted every packet of a WebM cut by one byte (the last
/// block read short is still a packet), and the cut file was taken.
extension OutputCheck {
    /// The EBML header, then the Segment's ID and size (EBML variable-length integers). Nil when the first bytes
    /// are not laid out so, or the size is "unknown" (all value bits set: a live stream's), which says nothing.
    @_spi(Fuzzing) public static func webMSegmentEnd(_ d: [UInt8]) -> Int? {
        var i = 0
        /// A variable-length integer at `i`: its length is one more than the leading zero bits of its first byte.
        func vint(keepMarker: Bool) -> (value: UInt64, unknown: Bool)? {
            guard i < d.count, d[i] != 0 else { return nil }
            let length = d[i].leadingZeroBitCount + 1
            guard i + length <= d.count else { return nil }
            var value = UInt64(keepMarker ? d[i] : d[i] & (0xFF >> length))
            for k in 1..<length { value = value << 8 | UInt64(d[i + k]) }
            let unknown = !keepMarker && value == (UInt64(1) << (7 * length)) - 1
            i += length
            return (value, unknown)
        }
        guard vint(keepMarker: true)?.value == 0x1A45DFA3, let header = vint(keepMarker: false), !header.unknown,
              header.value < UInt64(d.count) else { return nil }
        i += Int(header.value)
        guard vint(keepMarker: true)?.value == 0x18538067, let size = vint(keepMarker: false), !size.unknown,
              size.value < UInt64(Int.max / 2) else { return nil }
        return i + Int(size.value)
    }

    func verifyWebM(_ path: String) throws {
        let bytes = try contents(path, upTo: 64)
        if let end = Self.webMSegmentEnd(bytes) {
            let length = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
            if length < end { throw fail("the WebM it wrote is cut off (\(length) of \(end) bytes)") }
        }
        try verifyContainer(path, bytes, magic: [0x1A, 0x45, 0xDF, 0xA3], at: 0, name: "WebM")
    }
}
