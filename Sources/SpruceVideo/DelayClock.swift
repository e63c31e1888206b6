import Foundation
import Geometry

/// Frame delays counted in whole ticks: GIF's centiseconds (2…65535 a frame; browsers play shorter delays as 10 cs),
/// WebP's milliseconds (1…16777215, ANMF's 24 bits). A rate plays at its speed only when it is ticks/k for a whole k.
/// Swift callers pass that rate (100.0 / 3); the command line writes it to the clock's decimals (GIF's 33.33, WebP's
/// 58.824), which `exactRate` takes as the exact one.
public struct DelayClock: Sendable {
    public let ticksPerSecond: Double
    public let fewestTicks: Int
    public let mostTicks: Int
    /// The decimals a rate is written with (GIF 2, WebP 3).
    public let decimals: Int
    /// The format and its tick, for messages: "GIF", "centiseconds".
    let format: String, tick: String
    /// The common playable rates, largest first, for messages.
    let commonRates: String

    public static let gif = DelayClock(ticksPerSecond: 100, fewestTicks: 2, mostTicks: 65535, decimals: 2, format: "GIF",
                                       tick: "centiseconds", commonRates: "50, 33.33, 25, 20, 16.67, 14.29, 12.5, 10")
    public static let webp = DelayClock(ticksPerSecond: 1000, fewestTicks: 1, mostTicks: 16_777_215, decimals: 3, format: "WebP",
                                        tick: "milliseconds", commonRates: "50, 40, 25, 20, 12.5, 10")

    /// The rule a rate must follow: "GIF needs 100/k fps".
    public var rule: String { "\(format) needs \(Checked.text(ticksPerSecond))/k fps" }

    /// Why `fps`, a finite rate above 0, does not play: "GIF needs 100/k fps (50, 33.33, …; GIF delays are whole
    /// centiseconds), 7 is not".
    public func refusal(of fps: Double) -> String {
        "\(rule) (\(commonRates), ...; \(format) delays are whole \(tick)), \(String(format: "%g", fps)) is not"
    }

    /// The delay k in ticks when `fps` is ticks/k to within a millionth of a tick; nil for any other rate.
    public func ticks(for fps: Double) -> Int? {
        let k = ticksPerSecond / fps
        guard let whole = Checked.int(k, in: fewestTicks...mostTicks), abs(k - Double(whole)) < 1e-6 else { return nil }
        return whole
    }

    /// ticks/k when `fps` is within half a last decimal of it (33.33 → 100/3); nil otherwise.
    public func exactRate(_ fps: Double) -> Double? {
        guard fps.isFinite, fps > 0, let k = Checked.int(ticksPerSecond / fps, in: fewestTicks...mostTicks) else { return nil }
        let rate = ticksPerSecond / Double(k)
        return abs(rate - fps) <= 0.5 * pow(10, -Double(decimals)) + 1e-9 ? rate : nil
    }

    /// The delay of the playable rate nearest to `fps` (a rate that is not finite and > 0 gets the longest delay).
    public func nearestTicks(to fps: Double) -> Int {
        let k = ticksPerSecond / fps
        guard k.isFinite, k > 0 else { return mostTicks }
        let range = fewestTicks...mostTicks
        let lower = Checked.int(k, rounding: .down, in: range) ?? (k < Double(fewestTicks) ? fewestTicks : mostTicks)
        let upper = Checked.int(k, rounding: .up, in: range) ?? (k < Double(fewestTicks) ? fewestTicks : mostTicks)
        return [lower, upper].min { abs(ticksPerSecond / Double($0) - fps) < abs(ticksPerSecond / Double($1) - fps) }!
    }

    /// ticks/k written to the clock's decimals without trailing zeros: 100/3 → "33.33", 1000/17 → "58.824".
    public func written(ticks k: Int) -> String {
        var text = String(format: "%.\(decimals)f", ticksPerSecond / Double(k))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The playable rate nearest to `fps`, written to the clock's decimals (what `--fps` takes).
    public func nearest(_ fps: Double) -> String { written(ticks: nearestTicks(to: fps)) }

    /// The nearest playable rate as a Swift caller passes it: "25" or "12.5" when the decimals say it exactly, else
    /// "100/3 (33.33)".
    func suggestion(for fps: Double) -> String {
        let k = nearestTicks(to: fps)
        let text = written(ticks: k)
        return Double(text) == ticksPerSecond / Double(k) ? text : "\(Checked.text(ticksPerSecond))/\(k) (\(text))"
    }
}

extension OutputFormat {
    /// The clock a format's frame delays are whole ticks of (GIF: centiseconds, WebP: milliseconds); nil for the
    /// formats that take any rate.
    public var delayClock: DelayClock? {
        switch self {
        case .gif: return .gif
        case .webp: return .webp
        default: return nil
        }
    }
}
