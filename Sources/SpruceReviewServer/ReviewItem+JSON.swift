import Foundation

extension ReviewItem {
    /// The list's row: `{id, name, state, accepted, verdicts, firstDifference, messages}`.
    func summary(in catalogue: ReviewCatalogue) -> [String: Any] {
        let decision = catalogue.decision(of: self)
        var row: [String: Any] = [
            "id": id, "name": name, "state": decision.state, "accepted": decision.kinds, "messages": messages,
            "verdicts": Dictionary(uniqueKeysWithValues: verdicts.map { ($0.key.rawValue, $0.value) }),
        ]
        if let firstDifference { row["firstDifference"] = firstDifference }
        return row
    }

    /// Everything the item's panel shows but the pictures: the frame times, the first differing frame, the timing
    /// goldens' rows side by side, and the motion curves of the views that changed (at most `maximumCurves`).
    func detail(in catalogue: ReviewCatalogue) -> [String: Any] {
        var out = summary(in: catalogue)
        out["times"] = frameTimes
        if let t = firstDifference { out["firstDifferenceFrame"] = frameTimes.firstIndex { $0 >= t - 1e-9 } ?? frameTimes.count - 1 }
        out["timing"] = TimingGoldenText.compared(expected: TimingGoldenText(timing.expected), actual: TimingGoldenText(timing.actual))
        out["curves"] = curves
        return out
    }

    static let maximumCurves = 12

    /// `[{view, key, expected: [numbers|null], actual: [...]}]`: each property of a changed view whose samples
    /// differ; the times are `motion.expected.times` and `motion.actual.times`.
    private var curves: [[String: Any]] {
        var out: [[String: Any]] = []
        for view in motion.expected.changedViews(from: motion.actual) {
            for key in ["x", "y", "alpha", "scale", "rotation", "color"] {
                let e = motion.expected.series(view, key), a = motion.actual.series(view, key)
                guard e != a, e.contains(where: { $0 != nil }) || a.contains(where: { $0 != nil }), out.count < Self.maximumCurves else { continue }
                out.append(["view": view, "key": key, "expected": e.map { $0 as Any? ?? NSNull() }, "actual": a.map { $0 as Any? ?? NSNull() },
                            "expectedTimes": motion.expected.times, "actualTimes": motion.actual.times])
            }
        }
        return out
    }
}
