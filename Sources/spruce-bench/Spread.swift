/// A set of measurements summarised by its median and quartiles, for figures that move from run to run.
struct Spread {
    let median: Double, lowerQuartile: Double, upperQuartile: Double, count: Int

    init(_ values: [Double]) {
        let s = values.filter(\.isFinite).sorted()
        count = s.count
        // Quartiles by linear interpolation between the closest ranks (the rule the median's mean of the two middle
        // values follows).
        func quantile(_ q: Double) -> Double {
            guard !s.isEmpty else { return .nan }
            let rank = q * Double(s.count - 1), below = Int(rank.rounded(.down))
            let above = min(below + 1, s.count - 1)
            return s[below] + (s[above] - s[below]) * (rank - Double(below))
        }
        (median, lowerQuartile, upperQuartile) = (spruce_bench.median(s), quantile(0.25), quantile(0.75))
    }

    /// "1.032×", with the quartiles once there are four values or more: "1.032× (1.010–1.061)".
    func text(_ digits: Int) -> String {
        let middle = format(median, digits) + "×"
        return count >= 4 ? middle + " (\(format(lowerQuartile, digits))–\(format(upperQuartile, digits)))" : middle
    }
}
