/// Unsigned big-endian fields of the files read before decoding or read back after writing: PNG headers
/// (`PNGHeader`), and the MP4 boxes and APNG chunks `OutputCheck` reads.
package enum BigEndian {
    /// The `count` bytes (at most 8) from `offset`, most significant first; the caller has checked they exist.
    package static func uint(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in offset..<(offset + count) { value = value << 8 | UInt64(bytes[i]) }
        return value
    }

    /// Four bytes from `offset` as an `Int` (0 ..< 2^32 on 64-bit machines).
    package static func int32(_ bytes: [UInt8], _ offset: Int) -> Int { Int(uint(bytes, offset, 4)) }
}
