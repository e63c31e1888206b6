/// Where a chunked request body ends, found in its bytes as they come, read after read: its chunks (a size in hex,
/// its extensions, the chunk, CR LF), the last chunk (size 0) and the trailer lines up to a blank one. It follows
/// the framing only as far as finding the end needs; NIO's HTTP/1 decoder checks it.
struct ChunkedBodyEnd {
    private enum State {
        /// A chunk's size line: its size so far, and whether its digits ended (an extension, CR).
        case size(Int, digitsEnded: Bool)
        /// A chunk's bytes still to come, then the line end after them.
        case data(Int), dataEnd
        /// After the last chunk: at the start of a trailer line, or within one.
        case lineStart, line
    }

    private var state = State.size(0, digitsEnded: false)

    /// The count of `bytes`, the next of the body, up to and including its end; nil when the body goes on past them.
    mutating func end<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> Int? where Bytes.Index == Int {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            switch state {
            case .size(let size, let ended):
                if byte == 0x0A {
                    state = size == 0 ? .lineStart : .data(size)
                } else if !ended, let digit = Self.hexValue(byte) {
                    state = .size(size > Int.max >> 5 ? size : size << 4 | digit, digitsEnded: false)
                } else {
                    state = .size(size, digitsEnded: true)
                }
            case .data(let left):
                let taken = min(left, bytes.endIndex - i)
                state = taken == left ? .dataEnd : .data(left - taken)
                i += taken
                continue
            case .dataEnd:
                if byte == 0x0A { state = .size(0, digitsEnded: false) }
            case .lineStart:
                if byte == 0x0A {
                    state = .size(0, digitsEnded: false)
                    return i + 1 - bytes.startIndex
                }
                if byte != 0x0D { state = .line }
            case .line:
                if byte == 0x0A { state = .lineStart }
            }
            i += 1
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }
}
