import Advance
import Foundation
import Spruce
import SpruceFilm
import SpruceVideo

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

        /// A view's samples, `Self.read`'s five values each, flat, from its first sample on.
        struct Raw { var view: String; var start: Double; var first: Int; var values: [Double] }
        var raws: [Raw] = []
        var index: [ObjectIdentifier: Int] = [:]
        var allStarts: [Double] = []
        let chosen = views.map(Set.init)
        let log = ChoreographyLog()
        var sampleIndex = 0
        try log.recording {
            _ = try film.sample(at: filmTimes, cancellation: cancellation) { _ -> Void in
                for c in log.choreographies where c.startTime <= p.animateIn + 1e-9 {
                    for (view, timing) in zip(c.views, c.timings) {
                        let key = ObjectIdentifier(view)
                        if index[key] == nil {
                            let start = timing.start + c.startTime - p.animateIn
                            allStarts.append(start)
                            // Only the views shown keep samples; every view's start colours the ramp.
                            index[key] = chosen?.contains(timing.view) == false ? -1 : raws.count
                            if index[key]! >= 0 {
                                raws.append(Raw(view: timing.view, start: start, first: sampleIndex, values: []))
                                raws[raws.count - 1].values.reserveCapacity((filmTimes.count - sampleIndex) * 5)
                            }
                        }
                        let i = index[key]!
                        guard i >= 0 else { continue }
                        let now = MotionTracks.read(view)
                        // A view missing from a sample (none so far) keeps its previous values there.
                        while raws[i].first + raws[i].values.count / 5 < sampleIndex {
                            raws[i].values += raws[i].values.suffix(5)
                        }
                        raws[i].values += now
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
            // Before the animate call a view has no sample: it shows its first (prepared) value; after its last it keeps it.
            var samples = Array(repeating: Array(raw.values.prefix(5)), count: raw.first)
            samples += stride(from: 0, to: raw.values.count, by: 5).map { Array(raw.values[$0..<($0 + 5)]) }
            samples += Array(repeating: Array(raw.values.suffix(5)), count: max(0, times.count - samples.count))
            for (k, property) in Property.allCases.enumerated() {
                let values = MotionTracks.normalise(samples, property: property, index: k)
                guard let values else { continue }
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

    /// opacity, scale, rotation, x, y of a view as it is drawn relative to its superview.
    static func read(_ v: View) -> [Double] {
        let t = v.transform
        return [Double(v.alpha), Double((abs(t.a * t.d - t.b * t.c)).squareRoot()), Double(atan2(t.b, t.a)),
                Double(v.center.x + t.tx), Double(v.center.y + t.ty)]
    }

    /// Each sample as progress from the first value (0) to the last (1); nil if the property does not move.
    static func normalise(_ samples: [[Double]], property: Property, index k: Int) -> [(normalised: Double, distance: Double)]? {
        guard let first = samples.first, let last = samples.last else { return nil }
        if property == .position {
            let d = (last[3] - first[3], last[4] - first[4])
            let length2 = d.0 * d.0 + d.1 * d.1
            guard length2.squareRoot() >= threshold(.position) else { return nil }
            return samples.map { (((($0[3] - first[3]) * d.0 + ($0[4] - first[4]) * d.1) / length2), length2.squareRoot()) }
        }
        let d = last[k] - first[k]
        guard abs(d) >= threshold(property) else { return nil }
        return samples.map { (($0[k] - first[k]) / d, abs(d)) }
    }
}
