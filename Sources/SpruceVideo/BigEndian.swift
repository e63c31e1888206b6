/// Unsigned big-endian fields of the containers `OutputCheck` reads back (MP4 boxes, PNG and APNG chunks).
enum BigEndian {
    /// The `count` bytes (at most 8) from `offset`, most significant first; the caller has checked they exist.
    static func uint(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in offset..<(offset + count) { value = value << 8 | UInt64(bytes[i]) }
        return value
    }

    /// Four bytes from `offset` as an `Int` (0 ..< 2^32 on 64-bit machines).
    static func int32(_ bytes: [UInt8], _ offset: Int) -> Int { Int(uint(bytes, offset, 4)) }
}
