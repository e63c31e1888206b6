import Foundation
import Spruce

/// A 64-bit FNV-1a digest of values fed to it in order: what identifies a film for its parts (`Film.fingerprint`)
/// and a preview film's frames (`PreviewFilm.contentKey`).
/// Not for security: two different films that share one by chance are a one in 2⁶⁴ accident.
public struct Fingerprint {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// FNV-1a over `bytes` as they are, without their count (for a stream of separated fields, as
    /// `PreviewFilm.contentKey` feeds it).
    public mutating func mix<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { step(UInt64(byte)) }
    }

    /// The eight bytes of `word`, least significant first, shifted out in place (a film's fingerprint adds tens of
    /// thousands of words).
    public mutating func add(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { step(word >> UInt64(shift) & 0xFF) }
    }

    /// One FNV-1a step: a byte (0…255) into the digest.
    private mutating func step(_ byte: UInt64) { value = (value ^ byte) &* 0x100_0000_01b3 }

    public mutating func add(_ n: Int) { add(UInt64(bitPattern: Int64(n))) }
    /// Numbers by their bits (-0 as 0, so a value that compares equal adds the same).
    public mutating func add(_ d: Double) { add(d == 0 ? 0 : d.bitPattern) }
    public mutating func add(_ b: Bool) { add(b ? 1 : 0) }
    public mutating func add(_ s: String) {
        add(s.utf8.count)
        mix(s.utf8)
    }

    public mutating func add(_ c: Color?) {
        guard let c else { return add(-1) }
        add(c.red)
        add(c.green)
        add(c.blue)
        add(c.alpha)
    }

    public mutating func add(_ bytes: [UInt8]) {
        add(bytes.count)
        mix(bytes)
    }

    /// Sixteen hexadecimal digits.
    public var text: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension PaintSnapshot {
    /// Everything this snapshot would paint, in painting order, added to `fingerprint`.
    public func add(to fingerprint: inout Fingerprint) {
        fingerprint.add(width)
        fingerprint.add(height)
        fingerprint.add(Double(scale))
        fingerprint.add(background)
        fingerprint.add(records.count)
        for record in records {
            let k = record.key
            fingerprint.add(record.parent)
            for x in [k.transform.a, k.transform.b, k.transform.c, k.transform.d, k.transform.tx, k.transform.ty,
                      k.x, k.y, k.width, k.height, k.alpha, k.cornerRadius, k.borderWidth] {
                fingerprint.add(Double(x))
            }
            fingerprint.add(k.isHidden)
            fingerprint.add(k.clipsToBounds)
            fingerprint.add(k.backgroundColor)
            fingerprint.add(k.borderColor)
            switch k.content {
            case .plain:
                fingerprint.add(0)
            case .label(let text, let font, let color, let alignment):
                fingerprint.add(1)
                fingerprint.add(text ?? "\u{0}")
                fingerprint.add(font.family)
                fingerprint.add(Double(font.size))
                fingerprint.add(font.weight.rawValue)
                fingerprint.add(font.italic)
                fingerprint.add(color)
                fingerprint.add(alignment.rawValue)
            case .image(let image, let mode):
                fingerprint.add(2)
                fingerprint.add(mode.rawValue)
                if let image {
                    fingerprint.add(image.pixelWidth)
                    fingerprint.add(image.pixelHeight)
                    fingerprint.add(Double(image.scale))
                    fingerprint.add(image.pixels)
                } else {
                    fingerprint.add(-1)
                }
            }
        }
    }
}
