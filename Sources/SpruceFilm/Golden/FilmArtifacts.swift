import Foundation
import SpruceRender

/// What a failed film check leaves for a person to look at: the expected and actual filmstrips, a difference
/// filmstrip (differing pixels in red over a faded expected), and, given an `Animation`, one that plays the sampled
/// frames with expected on the left and actual on the right.
public enum FilmArtifacts {
    /// How the side-by-side frames become one animated file: `write` encodes `frames`, played at `framesPerSecond`
    /// and looping, to `target` (whose extension is `fileExtension`) and returns whether it did; false when this
    /// machine cannot (an encoder missing), which leaves the stills as they are. SpruceVideo's `.apng` is one.
    public struct Animation {
        /// The extension of the animated file, without the dot (e.g. "apng").
        public var fileExtension: String
        /// Encodes the frames to the target and returns whether it did; false when this machine cannot.
        public var write: (_ frames: [Bitmap], _ framesPerSecond: Double, _ target: URL, _ cancellation: RenderCancellation?) throws -> Bool

        /// An animation written by `write` to files ending in `fileExtension`.
        public init(fileExtension: String,
                    write: @escaping (_ frames: [Bitmap], _ framesPerSecond: Double, _ target: URL, _ cancellation: RenderCancellation?) throws -> Bool) {
            self.fileExtension = fileExtension
            self.write = write
        }
    }

    /// Writes `NAME.expected.png`, `NAME.actual.png`, `NAME.difference.png` and, with an `animation`,
    /// `NAME.side-by-side.EXTENSION` into `folder` (an empty name: `expected.png` … , for a folder of one failure);
    /// returns the paths written. Each file is written atomically; a cancelled write throws `RenderCancelled` and
    /// leaves no temporary.
    @discardableResult
    public static func write(expected: Bitmap, actual: Filmstrip, name: String, to folder: URL, animation: Animation? = nil,
                             cancellation: RenderCancellation? = nil) throws -> [URL] {
        try CreationMode.makeWritableFolder(folder)
        let url = { (suffix: String) in folder.appendingPathComponent(name.isEmpty ? suffix : "\(name).\(suffix)") }
        var written: [URL] = []
        try expected.writePNG(to: url("expected.png").path); written.append(url("expected.png"))
        try cancellation?.throwIfCancelled()
        try actual.bitmap.writePNG(to: url("actual.png").path); written.append(url("actual.png"))
        if expected.width == actual.bitmap.width, expected.height == actual.bitmap.height {
            try cancellation?.throwIfCancelled()
            try ImageComparison.default.diffImage(expected, actual.bitmap).writePNG(to: url("difference.png").path)
            written.append(url("difference.png"))
            try cancellation?.throwIfCancelled()
            if let animation {
                let target = url("side-by-side.\(animation.fileExtension)")
                if try animation.write(try sideBySide(expected: expected, actual: actual), 2, target, cancellation) { written.append(target) }
            }
        }
        return written
    }

    /// Each sampled frame as expected | actual, played at two frames a second.
    static func sideBySide(expected: Bitmap, actual: Filmstrip) throws -> [Bitmap] {
        try actual.cells.enumerated().map { i, cell -> Bitmap in
            let pair = try Bitmap(width: cell.width * 2 + 4, height: cell.height)
            pair.fill(.black)
            Filmstrip.blit(try Filmstrip.crop(expected, cell), into: pair, at: 0, 0)
            Filmstrip.blit(try actual.frame(i), into: pair, at: cell.width + 4, 0)
            return pair
        }
    }
}
