import Foundation

extension FilmGoldens {
    /// Views × moments the text goldens read at most, each: the motion golden samples every view every
    /// `motionStep`, the timing golden every frame of the entrance, and both hold their samples until the text is
    /// written (a 10,000-view grid with a 43 s entrance took 222 s and 7.6 GB before failing).
    public static let maximumViewSamples = 1_000_000

    /// Throws before anything is drawn or written when the text goldens would read more than
    /// `maximumViewSamples`, or when the motion step gives more samples than `Film.sampleTimes` allows.
    public func checkSize(_ film: Film) throws {
        let motion = try film.sampleTimes(every: motionStep).count
        let timing = film.timingReportTimes().count
        let views = try film.viewCount()
        for (golden, moments) in [("motion", motion), ("timing", timing)] where views * moments > Self.maximumViewSamples {
            throw FilmError.invalid("the \(golden) golden would read \(views) views at \(moments) moments, "
                                    + "\(views * moments) samples; at most \(Self.maximumViewSamples) (fewer views or a shorter film)")
        }
    }
}
