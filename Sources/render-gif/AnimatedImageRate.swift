import Foundation
import SpruceVideo

/// Frame delays counted in whole ticks: GIF's centiseconds (at least 2 a frame), WebP's milliseconds (at least 1).
/// A rate plays at its speed only when it is ticks/k for a whole k; a rate written to the clock's decimals (GIF's
/// 33.33, WebP's 58.824) stands for the exact one.
struct DelayClock {
    let ticksPerSecond: Double
    let fewestTicks: Int
    let decimals: Int

    static let gif = DelayClock(ticksPerSecond: 100, fewestTicks: 2, decimals: 2)
    static let webp = DelayClock(ticksPerSecond: 1000, fewestTicks: 1, decimals: 3)

    /// ticks/k when `fps` is within half a last decimal of it.
    func exactRate(_ fps: Double) -> Double? {
        let k = (ticksPerSecond / fps).rounded()
        guard k >= Double(fewestTicks), abs(ticksPerSecond / k - fps) <= 0.5 * pow(10, -Double(decimals)) + 1e-9 else { return nil }
        return ticksPerSecond / k
    }

    /// The playable rate nearest to `fps`, written to the clock's decimals without trailing zeros.
    func nearest(_ fps: Double) -> String {
        let estimate = ticksPerSecond / fps
        let lower = max(fewestTicks, Int(estimate.rounded(.down))), upper = max(fewestTicks, Int(estimate.rounded(.up)))
        let rate = [lower, upper].map { ticksPerSecond / Double($0) }.min { abs($0 - fps) < abs($1 - fps) }!
        var text = String(format: "%.\(decimals)f", rate)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension EncodingOptions {
    /// WebP frame delays are whole milliseconds: 1000/k fps, three decimals taken as exact; others are refused with
    /// the nearest rate that works.
    static func webpRate(_ fps: Double, source: String) throws -> Double {
        guard fps.isFinite, fps > 0 else { throw CLIError.usage("\(source): WebP needs 1000/k fps, got \(String(format: "%g", fps))") }
        if let exact = DelayClock.webp.exactRate(fps) { return exact }
        throw CLIError.usage("\(source): WebP needs 1000/k fps (50, 40, 25, 20, 12.5, 10, ...; WebP delays are whole "
                             + "milliseconds), \(String(format: "%g", fps)) is not; use --fps \(DelayClock.webp.nearest(fps))")
    }
}
