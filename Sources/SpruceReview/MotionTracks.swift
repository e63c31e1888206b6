import Advance
import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// Each animated view's properties over the entrance, normalised so 0 is where the view starts (its
/// prepared state) and 1 where it comes to rest: a spring's overshoot goes above 1, an ease's shape shows
/// in the curve. Read through `Film.sample` (the film's own clock, sampled between frames too so curves
/// are smooth), with the views paired to their timings by the choreographies the film starts.
public struct MotionTracks {
    public enum Property: String, CaseIterable {
        case opacity, scale, rotation, position
    }

    /// One property of one view: `values[i]` at `times[i]` (seconds from the entrance's animate call).
    public struct Track {
        public var view: String
        public var property: Property
        /// Start of the view's animation, seconds from the animate call (its colour's key).
        public var start: Double
        public var values: [Double]
        /// When the property last leaves the 1 % band around its final value (nil: never left it).
        public var settle: Double?
        /// The first-to-last change in the property's own units (points, radians, factor, opacity).
        public var distance: Double
    }

    public let times: [Double]
    public let tracks: [Track]
    /// Start times of every animated view (for the colour ramp, whether or not it is shown).
    public let starts: [Double]

    /// Samples per second at least (the film's frames and as many between them as it takes), within `maximumSamples`.
    public static let minimumRate = 120.0
    /// Smallest change that counts as animated: opacity 1/255, scale 0.001, rotation 0.001 rad, position 0.25 pt.
    static func threshold(_ p: Property) -> Double {
        switch p { case .opacity: return 1.0 / 255; case .scale, .rotation: return 0.001; case .position: return 0.25 }
    }

    /// At most this many samples of a view in all (views × samples): 169 tiles get up to 4,000 samples each, the
    /// 10,000 tiles of a 99×101 grid with a 43 s entrance 400 each (about 9 Hz) instead of 40 million samples, 4 GB.
    public static let maximumSamples = 4_000_000
    /// At most this many samples of one view, whatever the film's length.
    public static let maximumSamplesPerView = 4000

    /// `views`: the ids (or tags as text) to keep; nil keeps every animated view. The entrance is sampled at
    /// `minimumRate` or more, unless that would take more than `maximumSamples` (or `maximumSamplesPerView`): then
    /// as many evenly spaced samples as fit, still from the animate call to rest (`sampleStep` says how far apart).
    public init(film: Film, views: [String]? = nil, cancellation: RenderCancellation? = nil,
                maximumSamples: Int = MotionTracks.maximumSamples) throws {
        let p = film.phases
        let rest = min(p.inEnd, p.animateOut ?? p.inEnd, p.reverseFrom ?? p.inEnd)
        let substeps = max(1, Int((Self.minimumRate / film.framesPerSecond).rounded(.up)))
        let fine = 1 / (film.framesPerSecond * Double(substeps))
        let span = max(0, rest - p.animateIn)
        let wanted = Int((span / fine).rounded(.up)) + 1
        let shown = max(1, views?.count ?? film.timings.count)
        let allowed = max(2, min(Self.maximumSamplesPerView, maximumSamples / shown))
        // Coarser only by whole multiples of the fine step, so that samples stay on the film's own ticks.
        let ticks = max(1, (wanted + allowed - 3) / (allowed - 1))
        let count = max(2, min(allowed, Int((span / (fine * Double(ticks))).rounded(.up)) + 1))
        let filmTimes = (0..<count).map { min(rest, p.animateIn + Double($0 * ticks) * fine) }
        sampleStep = fine * Double(ticks)

        var raws: [Samples] = []
        /// Where each view seen so far keeps its samples; views not shown keep none.
        enum Slot { case hidden, shown(Int) }
        var index: [ObjectIdentifier: Slot] = [:]
        var allStarts: [Double] = []
        let chosen = views.map(Set.init)
        let log = ChoreographyLog()
        var sampleIndex = 0
        try log.recording {
            _ = try film.sample(at: filmTimes, cancellation: cancellation) { _ -> Void in
                for c in log.choreographies where c.startTime <= p.animateIn + 1e-9 {
                    for (view, timing) in zip(c.views, c.timings) {
                        let key = ObjectIdentifier(view)
                        let slot: Slot
                        if let known = index[key] {
                            slot = known
                        } else {
                            let start = timing.start + c.startTime - p.animateIn
                            allStarts.append(start)
                            // Only the views shown keep samples; every view's start colours the ramp.
                            if chosen?.contains(timing.view) == false {
                                slot = .hidden
                            } else {
                                slot = .shown(raws.count)
                                raws.append(Samples(view: timing.view, start: start, first: sampleIndex, count: filmTimes.count))
                                raws[raws.count - 1].values.reserveCapacity((filmTimes.count - sampleIndex) * Samples.width)
                            }
                            index[key] = slot
                        }
                        guard case .shown(let i) = slot else { continue }
                        raws[i].append(view, at: sampleIndex)
                    }
                }
                sampleIndex += 1
            }
        }
        let times = filmTimes.map { $0 - p.animateIn }
        self.times = times
        starts = allStarts
        var tracks: [Track] = []
        for r in raws.indices {
            let raw = raws[r]
            raws[r].values = []  // freed as it goes: the tracks take its place
            for (k, property) in Property.allCases.enumerated() {
                guard let values = MotionTracks.normalise(raw, property: property, index: k) else { continue }
                let settleIndex = values.lastIndex { abs($0.normalised - 1) > 0.01 }
                let settle = settleIndex.map { times[min($0 + 1, times.count - 1)] }
                tracks.append(Track(view: raw.view, property: property, start: raw.start, values: values.map(\.normalised),
                                    settle: settle, distance: values.first?.distance ?? 0))
            }
        }
        self.tracks = tracks
    }

    /// Seconds between two samples: 1/`minimumRate` or less, unless the film's views and length asked for more
    /// samples than `maximumSamples`.
    public let sampleStep: Double

    /// Each sample as progress from the first value (0) to the last (1); nil if the property does not move.
    static func normalise(_ s: Samples, property: Property, index k: Int) -> [(normalised: Double, distance: Double)]? {
        guard s.count > 0, !s.values.isEmpty else { return nil }
        let last = s.count - 1
        if property == .position {
            let (x0, y0) = (s.value(0, 3), s.value(0, 4))
            let d = (s.value(last, 3) - x0, s.value(last, 4) - y0)
            let length2 = d.0 * d.0 + d.1 * d.1
            guard length2.squareRoot() >= threshold(.position) else { return nil }
            return (0..<s.count).map { i in (((s.value(i, 3) - x0) * d.0 + (s.value(i, 4) - y0) * d.1) / length2, length2.squareRoot()) }
        }
        let first = s.value(0, k), d = s.value(last, k) - first
        guard abs(d) >= threshold(property) else { return nil }
        return (0..<s.count).map { i in ((s.value(i, k) - first) / d, abs(d)) }
    }
}
