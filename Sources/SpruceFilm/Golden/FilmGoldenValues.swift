import Foundation
import SpruceRender

/// What a film makes now for a filmstrip golden and text goldens, made together: the frames the strip samples are
/// drawn (no other frame) and every view is read at the text goldens' moments in one pass of the film's clock where
/// that keeps each value exactly what the golden makes alone (`Film.goldenPass`). `FilmGoldens` (`render-gif test`)
/// and `assertFilmGoldens` check and record through it; each value equals its golden's own `make`.
public struct FilmGoldenValues {
    /// The strip's pages (`FilmstripGolden.pages`).
    public var pages: [Filmstrip]
    /// Each text golden's text, in the order given (`FilmTextGolden.make`).
    public var texts: [(golden: any FilmTextGolden, text: String)]

    /// Throws what the goldens' own `make` and `pages` throw; a text golden too large is refused before the film is
    /// played. A text golden other than `TimingGolden` and `MotionGolden` is made by its own `make`.
    public init(film: Film, filmstrip: FilmstripGolden, texts goldens: [any FilmTextGolden], cancellation: RenderCancellation?) throws {
        // The moments of each text golden, and how its text is made of the samples there.
        var reads: [(times: [Double], text: ([[ViewSample]]) -> String)?] = []
        for golden in goldens {
            switch golden {
            case is TimingGolden:
                let times = film.timingReportTimes()
                try golden.checkSize(film, moments: times.count)
                reads.append((times, { film.timingReport(times: times, samples: $0) }))
            case let motion as MotionGolden:
                let times = try film.sampleTimes(every: motion.step)
                try golden.checkSize(film, moments: times.count)
                reads.append((times, { film.motionReport(every: motion.step, times: times, samples: $0) }))
            default:
                reads.append(nil)
            }
        }
        let renderer = try film.makeRenderer()
        let times = try filmstrip.times(of: film)
        let strip = try Filmstrip.Pages(film: film, times: times, renderer: renderer, cancellation: cancellation)
        let sampled = reads.compactMap { $0 }
        var samples = try film.goldenPass(frames: times, renderer: renderer, drawn: strip.place,
                                          samples: sampled.map(\.times), cancellation: cancellation)[...]
        pages = strip.strips
        texts = try zip(goldens, reads).map { golden, read in
            guard let read else { return (golden, try golden.make(film, cancellation: cancellation)) }
            return (golden, try golden.checked(read.text(samples.removeFirst())))
        }
    }
}
