import Foundation

/// A GIF read as its blocks, for joining parts: the screen (header, logical screen descriptor and global colour
/// table, which parts must share), the application extensions (the loop count) and the frames (each an optional
/// graphic control extension and its image, byte for byte). Reading walks the bytes once, never recursing; a file
/// cut off or damaged is refused with the byte offset.
@_spi(Fuzzing) public struct GIFParts {
    var screen: [UInt8] = []
    var applicationBlocks: [UInt8] = []
    public var frames: [[UInt8]] = []
    /// The delay of each frame in centiseconds.
    public var delays: [Int] = []
    /// The texts of its comment extensions.
    public var comments: [String] = []

    /// The frames of the film it holds, when render-gif wrote it as a part.
    public var label: PartLabel? { comments.lazy.compactMap(PartLabel.init(text:)).first }

    public init(_ d: [UInt8], name: String) throws {
        func damaged(_ why: String) -> VideoError { .invalidOptions("\(name) is not a well-formed GIF: \(why)") }
        guard d.count > 13, d.starts(with: Array("GIF89a".utf8)) || d.starts(with: Array("GIF87a".utf8)) else {
            throw damaged("it does not start with a GIF header")
        }
        var i = 13
        if d[10] & 0x80 != 0 { i += 3 << (Int(d[10] & 7) + 1) }
        guard i <= d.count else { throw damaged("its colour table is cut off") }
        screen = Array(d[0..<i])
        func subBlocksEnd(from start: Int) throws -> Int {
            var j = start
            while j < d.count, d[j] != 0 { j += Int(d[j]) + 1 }
            guard j < d.count else { throw damaged("cut off at byte \(start)") }
            return j + 1
        }
        var pending: [UInt8] = []
        var pendingDelay = 0
        walk: while true {
            guard i < d.count else { throw damaged("no trailer (cut off after \(frames.count) frames)") }
            switch d[i] {
            case 0x21:
                guard i + 2 < d.count else { throw damaged("cut off at byte \(i)") }
                let end = try subBlocksEnd(from: i + 2)
                switch d[i + 1] {
                case 0xF9:
                    pending = Array(d[i..<end])
                    pendingDelay = Self.delay(ofControl: pending) ?? 0
                case 0xFF: if frames.isEmpty { applicationBlocks += d[i..<end] }
                case 0xFE: comments.append(GIFComment.text(subBlocks: d[(i + 2)..<end]))
                default: break  // plain text is not a frame
                }
                i = end
            case 0x2C:
                guard i + 10 < d.count else { throw damaged("cut off at byte \(i)") }
                var j = i + 10
                if d[i + 9] & 0x80 != 0 { j += 3 << (Int(d[i + 9] & 7) + 1) }
                guard j < d.count else { throw damaged("cut off at byte \(i)") }
                let end = try subBlocksEnd(from: j + 1)
                frames.append(pending + d[i..<end])
                delays.append(pendingDelay)
                (pending, pendingDelay) = ([], 0)
                i = end
            case 0x3B:
                break walk
            default:
                throw damaged("unexpected byte 0x\(String(d[i], radix: 16)) at \(i)")
            }
        }
        guard !frames.isEmpty else { throw damaged("it holds no frame") }
    }

    /// The delay in the graphic control extension `block` (from its `0x21 0xF9`), when its data holds one: a block of
    /// fewer than 4 bytes has none, and the bytes after it belong to the next block.
    static func delay(ofControl block: [UInt8]) -> Int? {
        guard block.count > 5, block.starts(with: [0x21, 0xF9]), block[2] >= 4 else { return nil }
        return Int(block[4]) | Int(block[5]) << 8
    }

    /// Gives frame `k` a delay of `centiseconds` (its graphic control extension's, or a new one's): ffmpeg writes a
    /// GIF of one frame as a still, with delay 0, so a one-frame part's delay is the film's.
    mutating func setDelay(_ centiseconds: Int, frame k: Int) {
        let lo = UInt8(centiseconds & 0xFF), hi = UInt8((centiseconds >> 8) & 0xFF)
        if Self.delay(ofControl: frames[k]) != nil {
            (frames[k][4], frames[k][5]) = (lo, hi)
        } else {
            // A control block too short to hold a delay is replaced (the last one before an image counts).
            var image = frames[k][...]
            if image.starts(with: [0x21, 0xF9]) {
                var j = image.startIndex + 2
                while j < image.endIndex, image[j] != 0 { j += Int(image[j]) + 1 }
                image = image[min(j + 1, image.endIndex)...]
            }
            frames[k] = [0x21, 0xF9, 0x04, 0x04, lo, hi, 0x00, 0x00] + image
        }
        delays[k] = centiseconds
    }

    /// The parts' frames in order under the first part's screen and loop count, and `label` (the whole film's) as
    /// its comment; the parts' own comments are left out. Every part must have the same screen (size and shared
    /// palette): parts rendered with different palettes cannot be spliced.
    public static func join(_ parts: [(name: String, gif: GIFParts)], label: PartLabel? = nil) throws -> [UInt8] {
        guard let first = parts.first else { throw VideoError.invalidOptions("nothing to join") }
        for part in parts.dropFirst() where part.gif.screen != first.gif.screen {
            throw VideoError.notAPart("\(part.name) has another size or palette than \(first.name); GIF parts join only when rendered as parts of one film")
        }
        var out = first.gif.screen + first.gif.applicationBlocks
        for part in parts { for frame in part.gif.frames { out += frame } }
        return out + (label.map { GIFComment.block($0.text) } ?? []) + [0x3B]
    }
}
