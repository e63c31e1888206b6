import Foundation
import SpruceScene
import SpruceVideo

/// Why a render job cannot run, or failed while it wrote, in the job's words: the field, the value and, for a number,
/// the values allowed. Failures of the libraries underneath (`OutputPlanError`, `VideoError`, `RenderError`,
/// `RenderCancelled`) pass through unchanged.
public enum RenderJobError: Error {
    /// No output and no Swift code asked for.
    case nothingRequested
    /// A still time given for a film that is not one PNG.
    case stillNeedsPNG
    /// A still time out of range (`LimitViolation.seconds`).
    case stillTime(LimitViolation)
    /// A still time past the film's end.
    case stillAfterEnd(time: Double, duration: Double)
    /// The part asked for does not fit the output or the film.
    case part(PartRequest.Problem)
    /// A value of the recipe out of range, or a recipe the scene cannot take.
    case recipe(RecipeProblem)
    /// The recipe excludes a view id the scene does not have (`known`: the scene's ids, in order).
    case unknownExcludedView(String, known: [String])
    /// The scene's views cannot be built.
    case scene(Error)
    /// The canvas (its points, or its pixels after the quality preset's scale) is out of range.
    case canvas(LimitViolation)
    /// The canvas in pixels is more than the encoder takes (`EncoderLimits`).
    case encoderLimit(String)
    /// A frame rate the format's delay clock cannot play (`DelayClock`): the rate, where it came from.
    case frameRate(Double, format: OutputFormat, source: FrameRateSource)
    /// A transparent background asked of a format without alpha (MP4).
    case noAlpha(OutputFormat)
    /// The film cannot be made of the recipe (a `SceneError` naming the scene's place, or another error).
    case film(Error)
    /// The encoding settings do not fit the format.
    case encoding(EncodingSettings.Problem)
    /// The film cannot be exported as Lottie (`LottieExportError`, `LottieExportSizeError`).
    case lottie(Error)
    /// An output failed while it was written (after the work; the error says how).
    case write(RenderOutput, Error)

    /// Where the frame rate of a job comes from, for the message that refuses it.
    public enum FrameRateSource: Equatable, Sendable {
        /// The recipe's own rate (or the output's default).
        case recipe
        /// The scene file's `timeline.fps`.
        case scene
        /// A quality preset's rate.
        case quality(QualityPreset)
    }
}
