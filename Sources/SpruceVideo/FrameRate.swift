import Foundation
import Geometry

/// Frame rates as ffmpeg wants them: exact rationals, so timestamps never drift over long videos.
enum FrameRate {
    /// `30` -> "30/1", `29.97002997` -> "30000/1001", `100/3` -> "100/3" (best rational with denominator <= 1001).
    static func rational(_ fps: Double) -> String {
        // Callers check the rate (SceneLimits.framesPerSecond); anything else falls back to 1/1, not a trap.
        guard let whole = Checked.int(fps, in: 0...1_000_000) else { return "1/1" }
        var best = (num: whole, den: 1)
        var bestError = abs(Double(best.num) - fps)
        if bestError > 1e-9 {
            for den in 2...1001 {
                let num = Checked.int(fps * Double(den)) ?? 0
                let error = abs(Double(num) / Double(den) - fps)
                if error < bestError - 1e-12 { best = (num, den); bestError = error }
                if error < 1e-9 { break }
            }
        }
        return "\(best.num)/\(best.den)"
    }

    /// GIF delays are whole centiseconds, so only 100/k fps play at the intended speed. k = 1 is refused too:
    /// browsers treat delays under 2 cs as 10 cs, so a "100 fps" GIF would play ten times too slowly.
    /// Returns the delay k in centiseconds.
    static func gifDelay(for fps: Double) throws -> Int {
        let k = 100 / fps
        // GIF delays are 16-bit centiseconds: k ≤ 65535 (fps ≥ 0.0016); a NaN or a rate outside is refused.
        guard let down = Checked.int(k, rounding: .down, in: 0...65535), let up = Checked.int(k, rounding: .up, in: 0...65535) else {
            throw VideoError.invalidOptions("GIF frame rates must be 100/k fps for a whole k of 2…65535, got \(String(format: "%g", fps)) fps")
        }
        let rounded = k.rounded()
        if abs(k - rounded) < 1e-6, rounded >= 2 { return Int(rounded) }
        // Nearest valid rate among 100/k, k >= 2.
        let lower = max(2, down), upper = max(2, up)
        let candidates = [lower, upper].map { 100 / Double($0) }
        let nearest = candidates.min { abs($0 - fps) < abs($1 - fps) }!
        let shown = nearest == nearest.rounded() ? Checked.text(nearest) : String(format: "%.4g", nearest)
        throw VideoError.invalidOptions(
            "GIF frame delays are whole centiseconds, so the frame rate must be 100/k for an integer k >= 2 "
                + "(50, 33.33, 25, 20, 10, ...); \(String(format: "%g", fps)) fps is not, use \(shown) fps")
    }
}
