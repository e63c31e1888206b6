import Foundation

/// `String(format: "%.Nf", x)` (N = 0…6), the numbers of the text goldens and their time labels, made without
/// Foundation's formatter: a motion golden writes hundreds of thousands of them, and the formatter took most of the
/// time of a goldens check.
///
/// `|x| · 10^N` is rounded to the nearest whole number in double arithmetic, whose error (under 1e-8 below 1e8) is far
/// from mattering except within a hair of a tie (`…5` exactly at the last digit), where printf rounds the exact binary
/// value; there, and for large or non-finite numbers, the text is Foundation's own. A negative number that rounds to
/// zero keeps its sign, as printf's does (`-0.00`).
enum FixedDecimal {
    private static let scales: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    static func text(_ x: Double, _ digits: Int) -> String {
        guard (0...6).contains(digits), x.isFinite else { return String(format: "%.\(digits)f", x) }
        let scaled = x.magnitude * scales[digits]
        let whole = scaled.rounded(.down), fraction = scaled - whole
        guard scaled < 1e8, (fraction - 0.5).magnitude > 1e-6 else { return String(format: "%.\(digits)f", x) }
        var n = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
        // Digits from the last: the fraction's `digits`, the point, then the whole part (at least one digit).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var i = buffer.count
            func put(_ byte: UInt8) { i -= 1; buffer[i] = byte }
            for _ in 0..<digits { put(UInt8(ascii: "0") + UInt8(n % 10)); n /= 10 }
            if digits > 0 { put(UInt8(ascii: ".")) }
            repeat { put(UInt8(ascii: "0") + UInt8(n % 10)); n /= 10 } while n > 0
            if x.sign == .minus { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[i...]), as: UTF8.self)
        }
    }
}
