import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene
import SpruceVideo

/// The file a comparison of two films (`SceneComparison`) writes: the films side by side as an MP4 or a GIF, or, as
/// a PNG, the frame where they differ most.
public struct ComparisonOutput {
    public let path: String
    public let format: OutputFormat

    /// Why an output cannot be written, in the comparison's words.
    public enum Problem: Error, Equatable {
        /// The name is not a .mp4, .gif or .png file.
        case notAComparisonFormat(path: String)
        /// A GIF's delays are whole centiseconds, which the films' frame rate is not (`DelayClock.gif`).
        case gifFrameRate(Double)
    }

    /// The output named `path`, its format read from the name.
    public init(path: String) throws {
        guard let f = try? OutputFormat.infer(from: URL(plainPath: path)), [.mp4, .gif, .png(frame: 0)].contains(f) else {
            throw Problem.notAComparisonFormat(path: path)
        }
        (self.path, format) = (path, f)
    }

    /// Checked before any work: a GIF at the films' rate, then, as every output (`SceneComparison.checkOutput`),
    /// never over a scene, an image either shows, a folder or a special file. `label` names the output in messages.
    public func check(_ comparison: SceneComparison, label: String) throws {
        let fps = comparison.a.film.framesPerSecond
        if format == .gif, DelayClock.gif.exactRate(fps) == nil { throw Problem.gifFrameRate(fps) }
        try comparison.checkOutput(path, label: label)
    }

    /// Writes the films side by side; a PNG draws `largestDifference`, the frame where they differ most
    /// (`ABComparison.largestDifferenceFrame`).
    public func write(_ comparison: SceneComparison, largestDifference: Int, cancellation: RenderCancellation?,
                      progress: ((RenderProgress) -> Void)?) throws {
        var options = VideoOptions()
        options.format = format == .png(frame: 0) ? .png(frame: largestDifference) : format
        options.cancellation = cancellation
        try VideoRenderer(options: options).render(comparison.sides, to: URL(plainPath: path), progress: progress)
    }
}
