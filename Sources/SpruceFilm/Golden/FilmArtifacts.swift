import Foundation
import SpruceRender

/// What a failed film check leaves for a person to look at: the expected and actual filmstrips, a difference
/// filmstrip (differing pixels in red over a faded expected), and an animated PNG that plays the sampled
/// frames with expected on the left and actual on the right.
public enum FilmArtifacts {
    /// Writes `NAME.expected.png`, `NAME.actual.png`, `NAME.difference.png` and `NAME.side-by-side.apng` into
    /// `folder`; returns the paths written (the animated PNG is left out when ffmpeg is missing).
    @discardableResult
    public static func write(expected: Bitmap, actual: Filmstrip, name: String, to folder: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = { (suffix: String) in folder.appendingPathComponent("\(name).\(suffix)") }
        var written: [URL] = []
        try expected.writePNG(to: url("expected.png").path); written.append(url("expected.png"))
        try actual.bitmap.writePNG(to: url("actual.png").path); written.append(url("actual.png"))
        if expected.width == actual.bitmap.width, expected.height == actual.bitmap.height {
            try ImageComparison.default.diffImage(expected, actual.bitmap).writePNG(to: url("difference.png").path)
            written.append(url("difference.png"))
            if let apng = try? sideBySide(expected: expected, actual: actual, to: url("side-by-side.apng")) { written.append(apng) }
        }
        return written
    }

    /// Each sampled frame as expected | actual, played at two frames a second, looping.
    static func sideBySide(expected: Bitmap, actual: Filmstrip, to target: URL) throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-apng-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (i, cell) in actual.cells.enumerated() {
            let pair = try Bitmap(width: cell.width * 2 + 4, height: cell.height)
            pair.fill(.black)
            Filmstrip.blit(try Filmstrip.crop(expected, cell), into: pair, at: 0, 0)
            Filmstrip.blit(try actual.frame(i), into: pair, at: cell.width + 4, 0)
            try pair.writePNG(to: scratch.appendingPathComponent(String(format: "f%04d.png", i)).path)
        }
        let ffmpeg = ProcessInfo.processInfo.environment["SPRUCE_FFMPEG"] ?? "ffmpeg"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [ffmpeg, "-v", "error", "-y", "-framerate", "2", "-i", scratch.appendingPathComponent("f%04d.png").path,
                             "-plays", "0", "-f", "apng", target.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FilmError.invalid("ffmpeg could not write \(target.path)") }
        return target
    }
}
