import Foundation

/// What a GIF says about time: each frame's delay in centiseconds (from its Graphic Control Extension) and the
/// NETSCAPE2.0 loop count (`nil` when the block is absent, i.e. play once; 0 is forever).
public struct GIFTiming: Equatable {
    public var delays: [Int]
    public var loop: Int?

    public init(delays: [Int], loop: Int?) {
        (self.delays, self.loop) = (delays, loop)
    }

    /// Walks the GIF's blocks; throws on a file that is not a well-formed GIF.
    public init(contentsOf url: URL) throws {
        let d = [UInt8](try Data(contentsOf: url))
        func malformed(_ why: String) -> Error { ToolRun.Failure(description: "\(url.path) is not a well-formed GIF: \(why)") }
        guard d.count > 13, d.starts(with: Array("GIF8".utf8)) else { throw malformed("no GIF header") }
        var i = 13
        if d[10] & 0x80 != 0 { i += 3 << (Int(d[10] & 7) + 1) }
        var delays: [Int] = [], loop: Int?
        func skipSubBlocks() { while i < d.count, d[i] != 0 { i += Int(d[i]) + 1 }; i += 1 }
        while i < d.count {
            switch d[i] {
            case 0x21 where i + 17 < d.count:
                let label = d[i + 1]
                if label == 0xF9 { delays.append(Int(d[i + 4]) | Int(d[i + 5]) << 8) }
                if label == 0xFF, String(decoding: d[(i + 3)..<(i + 14)], as: UTF8.self) == "NETSCAPE2.0" {
                    loop = Int(d[i + 16]) | Int(d[i + 17]) << 8
                }
                i += 2
                skipSubBlocks()
            case 0x2C where i + 9 < d.count:
                let flags = d[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
                i += 1  // LZW minimum code size
                skipSubBlocks()
            case 0x3B:
                self.init(delays: delays, loop: loop)
                return
            default:
                throw malformed("unexpected byte 0x\(String(d[i], radix: 16)) at \(i)")
            }
        }
        throw malformed("no trailer")
    }
}
