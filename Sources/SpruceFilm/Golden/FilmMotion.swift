import Foundation
import Spruce
import SpruceRender

/// The film as text: every animated property of every view over time, and when each view starts, lasts
/// and settles. Text goldens catch what pixels hide (a spring's damping, a delay of 10 ms) and their diffs
/// name the view.
extension Film {
    /// Samples of every view at each time, read through `sample(at:_:)` (one forward pass of the clock, a
    /// reversed part read again rather than replayed).
    public func viewSamples(at times: [Double], cancellation: RenderCancellation? = nil) throws -> [[ViewSample]] {
        try sample(at: times, cancellation: cancellation) { ViewSample.samples(of: $0) }
    }

    /// `t=0.350 tile-0-0 alpha=0.412 scale=0.903,0.903` — one line per moment and view, listing only the
    /// properties of that view that change somewhere in the film; views that never change are left out.
    public func motionReport(every step: Double, cancellation: RenderCancellation? = nil) throws -> String {
        let times = try sampleTimes(every: step)
        return motionReport(every: step, times: times, samples: try viewSamples(at: times, cancellation: cancellation))
    }

    /// The motion report of the samples read at `times` (`sampleTimes(every: step)`).
    func motionReport(every step: Double, times: [Double], samples: [[ViewSample]]) -> String {
        guard let first = samples.first else { return "" }
        var animated: [Int: [Int]] = [:]
        for (v, sample) in first.enumerated() {
            let keys = sample.values.indices.filter { k in samples.contains { $0.indices.contains(v) && $0[v].values[k].value != sample.values[k].value } }
            if !keys.isEmpty { animated[v] = keys }
        }
        var lines = ["# motion every \(Film.label(step)) s: positions in points (0.01), alpha and scale (0.001), rotation in degrees (0.01), colour 0-255"]
        for (t, row) in zip(times, samples) {
            for (v, keys) in animated.sorted(by: { $0.key < $1.key }) where v < row.count {
                let s = row[v]
                lines.append("t=\(Film.label(t)) \(s.name) " + keys.map { "\(s.values[$0].key)=\(s.values[$0].value)" }.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per view the entrance animates: start and duration from the `animate` call, and when it
    /// settles — the first frame from which it no longer changes at the motion precision — all in seconds
    /// from the start of the entrance.
    public func timingReport(cancellation: RenderCancellation? = nil) throws -> String {
        let times = timingReportTimes()
        return timingReport(times: times, samples: try viewSamples(at: times, cancellation: cancellation))
    }

    /// The timing report of the samples read at `times` (`timingReportTimes()`).
    func timingReport(times: [Double], samples: [[ViewSample]]) -> String {
        var settles: [String: Double] = [:]
        if let last = samples.last {
            for (v, final) in last.enumerated() {
                var settled = 0
                for (i, row) in samples.enumerated() where v < row.count && row[v] != final { settled = i + 1 }
                if settles[final.name] == nil { settles[final.name] = max(0, times[min(settled, times.count - 1)] - phases.animateIn) }
            }
        }
        let width = max(8, timings.map(\.view.count).max() ?? 0)
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        var lines = ["\(pad("# view"))  start  duration  settles   (seconds from the entrance at \(Film.label(phases.animateIn)); film \(Film.label(duration)) s, \(frameCount) frames at \(ReviewNumber.text(framesPerSecond)) fps)"]
        for t in timings {
            let settle = settles[t.view].map(Film.label) ?? "-"
            lines.append("\(pad(t.view))  \(Film.label(t.start))  \(Film.label(t.end - t.start))     \(settle)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Film {
    /// The moments the timing report reads: every frame of the entrance, and one more.
    func timingReportTimes() -> [Double] {
        (0...(Int((phases.inEnd * framesPerSecond).rounded(.up)) + 1)).map { time(ofFrame: $0) }
    }
}

enum ReviewNumber {
    static func text(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(format: "%g", x) }
}
