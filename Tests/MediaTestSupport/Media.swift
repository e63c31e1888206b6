import Foundation

/// The real tools that check outputs: ffprobe for containers and streams, ffmpeg for decoding to BGRA.
/// Shared by SpruceVideoTests and RenderGifTests.
public enum Media {
    /// The first `name` on PATH (ffmpeg, ffprobe, swiftc), else `/usr/bin/<name>`.
    public static func tool(_ name: String) -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "/usr/bin/\(name)"
    }

    /// The first video stream and the container, as ffprobe reports them (frames counted by decoding).
    public static func probe(_ url: URL) throws -> (stream: [String: Any], format: [String: Any]) {
        let output = try ToolRun.capture(tool("ffprobe"), [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_streams", "-show_format",
            "-of", "json", url.path,
        ])
        guard let json = try JSONSerialization.jsonObject(with: output) as? [String: Any],
            let stream = (json["streams"] as? [[String: Any]])?.first, let format = json["format"] as? [String: Any]
        else { throw ToolRun.Failure(description: "ffprobe found no video stream in \(url.path)") }
        return (stream, format)
    }

    /// A PNG of `bgra` (straight alpha, `width × height` pixels) written at `url` by ffmpeg: pixels no Cairo
    /// surface can hold, semi-transparent colours at every level.
    /// `transfer` names a transfer characteristic for the file's gAMA chunk (`linear` is a gamma of 1.0).
    public static func writePNG(bgra: [UInt8], width: Int, height: Int, transfer: String? = nil, to url: URL) throws {
        let filter = transfer.map { ["-vf", "setparams=color_trc=\($0)"] } ?? []
        try writePNG(raw: Data(bgra), rawFormat: "bgra", width: width, height: height, arguments: filter + ["-pix_fmt", "rgba"], to: url)
    }

    /// A PNG of 16 bits a channel from `rgba` (four values a pixel, straight alpha), written at `url` by ffmpeg.
    public static func writePNG(rgba64 rgba: [UInt16], width: Int, height: Int, to url: URL) throws {
        let bytes = rgba.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try writePNG(raw: Data(bytes), rawFormat: "rgba64le", width: width, height: height, arguments: ["-pix_fmt", "rgba64be"], to: url)
    }

    private static func writePNG(raw bytes: Data, rawFormat: String, width: Int, height: Int, arguments: [String], to url: URL) throws {
        let raw = url.deletingPathExtension().appendingPathExtension("raw")
        try bytes.write(to: raw)
        defer { try? FileManager.default.removeItem(at: raw) }
        _ = try ToolRun.capture(tool("ffmpeg"), ["-v", "error", "-f", "rawvideo", "-pix_fmt", rawFormat, "-s", "\(width)x\(height)",
                                                 "-i", raw.path, "-frames:v", "1"] + arguments + ["-y", url.path])
    }

    /// Every frame decoded to BGRA. `decoder` forces one (ffmpeg's native VP9 decoder drops the alpha side
    /// stream; libvpx-vp9 keeps it).
    public static func decode(_ url: URL, width: Int, height: Int, decoder: String? = nil) throws -> [[UInt8]] {
        let forced = decoder.map { ["-c:v", $0] } ?? []
        let bytes = [UInt8](try ToolRun.capture(tool("ffmpeg"),
            ["-v", "error"] + forced + ["-i", url.path, "-f", "rawvideo", "-pix_fmt", "bgra", "-"]))
        let size = width * height * 4
        guard bytes.count % size == 0 else {
            throw ToolRun.Failure(description: "\(url.path) decoded to \(bytes.count) bytes, not whole \(width)x\(height) frames")
        }
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }
}
