import Foundation

/// Peak signal-to-noise ratio of decoded frames against the frames that were encoded, over B, G and R (alpha
/// ignored), in dB. Identical frames have an infinite PSNR: no finite stand-in (such as 99 dB) that a mean could
/// mistake for a measurement.
public struct PSNR: CustomStringConvertible {
    /// One value per frame pair, `.infinity` where the frames are identical.
    public let frames: [Double]

    /// Pairs frames in order; check the counts separately (extra frames on either side are ignored here).
    public init(decoded: [[UInt8]], expected: [[UInt8]]) {
        frames = zip(decoded, expected).map(PSNR.frame)
    }

    /// Both in BGRA, of the same size.
    static func frame(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        var squared = 0.0, count = 0
        for i in 0..<a.count where i % 4 != 3 {
            let d = Double(a[i]) - Double(b[i])
            squared += d * d
            count += 1
        }
        let mse = squared / Double(count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    public var worst: Double { frames.min() ?? .infinity }
    public var identicalFrames: Int { frames.filter(\.isInfinite).count }

    /// The mean over the frames that differ (one identical frame would make the plain mean infinite and any
    /// threshold on it pass); infinite when every frame is identical.
    public var meanOfDiffering: Double {
        let finite = frames.filter(\.isFinite)
        return finite.isEmpty ? .infinity : finite.reduce(0, +) / Double(finite.count)
    }

    public var description: String {
        if identicalFrames == frames.count { return "all \(frames.count) frames identical" }
        return String(format: "mean %.2f dB over %d differing frames, worst %.2f dB, %d identical",
               meanOfDiffering, frames.count - identicalFrames, worst, identicalFrames)
    }
}
