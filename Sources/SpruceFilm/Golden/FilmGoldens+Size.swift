import Foundation

extension FilmGoldens {
    /// Views × moments the text goldens read at most, each: the motion golden samples every view every
    /// `motion.step`, the timing golden every frame of the entrance, and both hold their samples until the text is
    /// written (a 10,000-view grid with a 43 s entrance took 222 s and 7.6 GB before failing).
    public static let maximumViewSamples = 1_000_000

    /// Throws before anything is drawn or written when the text goldens would read more than
    /// `maximumViewSamples`, or when the motion step gives more samples than `Film.sampleTimes` allows.
    public func checkSize(_ film: Film) throws {
        try motion.checkSize(film, moments: film.sampleTimes(every: motion.step).count)
        try timing.checkSize(film, moments: film.timingReportTimes().count)
    }
}
