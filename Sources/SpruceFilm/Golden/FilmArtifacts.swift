import Foundation
import SpruceRender
import SpruceVideo

/// What a failed film check leaves for a person to look at: the expected and actual filmstrips, a difference
/// filmstrip (differing pixels in red over a faded expected), and an animated PNG that plays the sampled
/// frames with expected on the left and actual on the right.
public enum FilmArtifacts {
    /// Writes `NAME.expected.png`, `NAME.actual.png`, `NAME.difference.png` and `NAME.side-by-side.apng` into
    /// `folder`; returns the paths written (the animated PNG is left out when ffmpeg or its APNG encoder is missing).
    /// Each file is written atomically; a cancelled write throws `RenderCancelled` and leaves no temporary.
    @discardableResult
    public static func write(expected: Bitmap, actual: Filmstrip, name: String, to folder: URL,
                             cancellation: RenderCancellation? = nil) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = { (suffix: String) in folder.appendingPathComponent("\(name).\(suffix)") }
        var written: [URL] = []
        try expected.writePNG(to: url("expected.png").path); written.append(url("expected.png"))
        try cancellation?.throwIfCancelled()
        try actual.bitmap.writePNG(to: url("actual.png").path); written.append(url("actual.png"))
        if expected.width == actual.bitmap.width, expected.height == actual.bitmap.height {
            try cancellation?.throwIfCancelled()
            try ImageComparison.default.diffImage(expected, actual.bitmap).writePNG(to: url("difference.png").path)
            written.append(url("difference.png"))
            try cancellation?.throwIfCancelled()
            do {
                try sideBySide(expected: expected, actual: actual, to: url("side-by-side.apng"), cancellation: cancellation)
                written.append(url("side-by-side.apng"))
            } catch let cancelled as RenderCancelled {
                throw cancelled
            } catch VideoError.ffmpegNotFound, VideoError.encoderMissing {
                // The stills say it all; the animation is a convenience.
            }
        }
        return written
    }

    /// Each sampled frame as expected | actual, played at two frames a second, looping; encoded by the video
    /// pipeline (ffmpeg as a tracked child, the file swapped in only when complete).
    static func sideBySide(expected: Bitmap, actual: Filmstrip, to target: URL, cancellation: RenderCancellation?) throws {
        let pairs = try actual.cells.enumerated().map { i, cell -> Bitmap in
            let pair = try Bitmap(width: cell.width * 2 + 4, height: cell.height)
            pair.fill(.black)
            Filmstrip.blit(try Filmstrip.crop(expected, cell), into: pair, at: 0, 0)
            Filmstrip.blit(try actual.frame(i), into: pair, at: cell.width + 4, 0)
            return pair
        }
        var options = VideoOptions()
        options.format = .apng
        options.loop = .forever
        options.cancellation = cancellation
        try VideoRenderer(options: options).render(try BitmapSequenceSource(pairs, framesPerSecond: 2), to: target)
    }
}
