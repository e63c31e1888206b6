import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny generator whose output depends only on the seed,
/// so a seeded random choreography is the same on every machine and every Swift version.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed` alone.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound without modulo bias (Lemire's multiply-shift with rejection), spelled out
    /// here because the standard library's bounded sampling is not specified across versions.
    mutating func uniform(below bound: UInt64) -> UInt64 {
        precondition(bound > 0)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return product.high
    }

    /// Fisher–Yates, from the back.
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = Int(uniform(below: UInt64(i + 1)))
            if i != j { items.swapAt(i, j) }
        }
    }
}
