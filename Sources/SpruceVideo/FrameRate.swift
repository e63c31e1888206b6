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
    /// Returns the delay k in centiseconds; the refusal names the nearest rate that works, as Swift passes it.
    static func gifDelay(for fps: Double) throws -> Int {
        if let k = DelayClock.gif.ticks(for: fps) { return k }
        throw VideoError.invalidOptions(
            "GIF frame delays are whole centiseconds, so the frame rate must be 100/k for an integer k of 2…65535 "
                + "(50, 100/3, 25, 20, ...); \(String(format: "%g", fps)) fps is not, use \(DelayClock.gif.suggestion(for: fps)) fps")
    }
}
