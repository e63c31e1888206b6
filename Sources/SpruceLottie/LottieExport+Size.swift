import Foundation
import SpruceFilm

/// A film too large to export: every view of every frame is read and held before the keyframes are fitted (about
/// 0.27 KB each, all told: a 50×50 grid of 422 frames peaks at 283 MB), so a 10,000-view film of 5,200 frames would
/// take some 14 GB. Checked before the film is read.
public struct LottieExportSizeError: Error, Equatable, CustomStringConvertible {
    public let views: Int
    public let frames: Int

    /// The counts are exact: one frame over the limit is "2000002 view frames; … at most 2000000", not "2.0 million".
    public var description: String {
        "the film has \(views) views over \(frames) frames, \(views * frames) view frames; a Lottie export "
            + "takes at most \(LottieExport.maximumViewFrames) (fewer views, a lower frame rate or a shorter film)"
    }
}

extension LottieExport {
    /// Views × frames a Lottie export reads at most (about 550 MB at the peak).
    public static let maximumViewFrames = 2_000_000

    /// Throws `LottieExportSizeError` when the film's views (in its first frame's tree) times its frames exceed
    /// `maximumViewFrames`; builds the film's tree once, nothing more.
    static func checkSize(of film: Film) throws {
        let views = try film.viewCount()
        guard views * film.frameCount <= maximumViewFrames else {
            throw LottieExportSizeError(views: views, frames: film.frameCount)
        }
    }
}
