import Foundation

/// APNG and animated WebP: full-colour animations with alpha for web pages and chats, where GIF's 256 colours
/// and MP4's missing alpha fall short. Both stream once through ffmpeg (`apng`, `libwebp_anim`).
public enum AnimatedImageFormats {
    /// WebP stores each frame's delay in whole milliseconds, so only 1000/k fps play at the intended speed
    /// (APNG stores the exact fraction, any rate works); play counts are 1…65535.
    static func validate(_ output: OutputFormat, framesPerSecond fps: Double, loop: GIFLoop) throws {
        if case .playCount(let n) = loop, !(1...65535).contains(n) {
            throw VideoError.invalidOptions("play count \(n) must be 1…65535")
        }
        if output == .webp { _ = try webpDelay(for: fps) }
    }

    /// The frame delay in milliseconds when it is whole (`1000/fps` an integer k ≥ 1); the refusal names the
    /// nearest rate that works, as Swift passes it.
    public static func webpDelay(for fps: Double) throws -> Int {
        if let k = DelayClock.webp.ticks(for: fps) { return k }
        throw VideoError.invalidOptions(
            "WebP frame delays are whole milliseconds, so the frame rate must be 1000/k for an integer k "
                + "(50, 40, 25, 20, ...); \(String(format: "%g", fps)) fps is not, use \(DelayClock.webp.suggestion(for: fps)) fps")
    }

    /// APNG's and WebP's play count: 0 forever, else the number of plays.
    static func plays(_ loop: GIFLoop) -> Int {
        switch loop {
        case .forever: return 0
        case .playCount(let n): return n
        }
    }
}

extension FFmpegArguments {
    /// Lossless RGB(A) frames, each with the delay 1/fps (the stream's time base), played `loop` times.
    func apng(output: String) -> [String] {
        input + ["-c:v", "apng", "-pix_fmt", options.transparent ? "rgba" : "rgb24",
                 "-plays", "\(AnimatedImageFormats.plays(options.loop))", "-f", "apng", output]
    }

    /// Lossless WebP frames (BGRA keeps alpha), whole-millisecond delays, played `loop` times.
    func webp(output: String) -> [String] {
        input + ["-c:v", "libwebp_anim", "-lossless", "1", "-pix_fmt", "bgra",
                 "-loop", "\(AnimatedImageFormats.plays(options.loop))", "-f", "webp", output]
    }
}
