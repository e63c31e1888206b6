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

    /// Samples per second at least (the film's frames and as many between them as it takes).
    public static let minimumRate = 120.0
    /// Smallest change that counts as animated: opacity 1/255, scale 0.001, rotation 0.001 rad, position 0.25 pt.
    static func threshold(_ p: Property) -> Double {
        switch p { case .opacity: return 1.0 / 255; case .scale, .rotation: return 0.001; case .position: return 0.25 }
    }

    /// `views`: the ids (or tags as text) to keep; nil keeps every animated view.
    public init(film: Film, views: [String]? = nil, cancellation: RenderCancellation? = nil) throws {
        let p = film.phases
        let rest = min(p.inEnd, p.animateOut ?? p.inEnd, p.reverseFrom ?? p.inEnd)
        let substeps = max(1, Int((Self.minimumRate / film.framesPerSecond).rounded(.up)))
        let step = 1 / (film.framesPerSecond * Double(substeps))
        let count = min(4000, Int(((rest - p.animateIn) / step).rounded(.up)) + 1)
        let filmTimes = (0..<max(count, 2)).map { min(rest, p.animateIn + Double($0) * step) }

        struct Raw { var view: String; var start: Double; var key: ObjectIdentifier; var samples: [[Double]?] }
        var raws: [Raw] = []
        var index: [ObjectIdentifier: Int] = [:]
        let log = ChoreographyLog()
        var sampleIndex = 0
        try log.recording {
            _ = try film.sample(at: filmTimes, cancellation: cancellation) { _ -> Void in
                for c in log.choreographies where c.startTime <= p.animateIn + 1e-9 {
                    for (view, timing) in zip(c.views, c.timings) {
                        let key = ObjectIdentifier(view)
                        if index[key] == nil {
                            index[key] = raws.count
                            raws.append(Raw(view: timing.view, start: timing.start + c.startTime - p.animateIn, key: key,
                                            samples: Array(repeating: nil, count: filmTimes.count)))
                        }
                        raws[index[key]!].samples[sampleIndex] = MotionTracks.read(view)
                    }
                }
                sampleIndex += 1
            }
        }
        let times = filmTimes.map { $0 - p.animateIn }
        self.times = times
        starts = raws.map(\.start)
        var tracks: [Track] = []
        let chosen = views.map(Set.init)
        for raw in raws where chosen?.contains(raw.view) ?? true {
            // Before the animate call a view has no sample: it shows its first (prepared) value.
            guard let firstIndex = raw.samples.firstIndex(where: { $0 != nil }) else { continue }
            var filled = raw.samples
            for i in 0..<firstIndex { filled[i] = raw.samples[firstIndex] }
            let samples = filled.map { $0! }
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
