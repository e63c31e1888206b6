import Foundation

/// What Pillow, a reader independent of the program's encoders, finds in an image file (`scripts/image-probe.py`
/// in the venv `scripts/python-env.sh` makes): the format, canvas size, frame count (every frame decoded), each
/// frame's delay in milliseconds and the loop count. For animated WebP, which Debian's ffmpeg cannot decode.
public struct ImageProbe: Decodable, Equatable {
    public let format: String
    public let width: Int
    public let height: Int
    public let frames: Int
    public let durations: [Double?]
    public let loop: Int?

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public init(_ url: URL) throws {
        let python = Self.root.appendingPathComponent(".build-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ToolRun.Failure(description: "no Pillow at \(python): run scripts/python-env.sh (make test does)")
        }
        let output = try ToolRun.capture(python, [Self.root.appendingPathComponent("scripts/image-probe.py").path, url.path])
        self = try JSONDecoder().decode(ImageProbe.self, from: output)
    }
}
