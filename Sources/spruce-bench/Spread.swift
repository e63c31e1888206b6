import Foundation

/// A set of measurements summarised by its median and quartiles, for figures that move from run to run.
struct Spread {
    let median: Double, lowerQuartile: Double, upperQuartile: Double, count: Int
    private let sorted: [Double]

    init(_ values: [Double]) {
        let s = values.filter(\.isFinite).sorted()
        sorted = s
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

    /// Where the median of the runs' source lies, with at least 95 % confidence, from six runs on (nil below):
    /// the k-th smallest and k-th largest runs, k the largest rank with P(Binomial(n, ½) < k) ≤ 2.5 %. It assumes
    /// only that the runs are independent draws of one distribution (no shape): a target is met with that confidence
    /// when the interval's top is under it. With 10 runs it is the 2nd to the 9th; with 31, the 10th to the 22nd.
    var medianInterval: (lower: Double, upper: Double)? {
        let n = sorted.count
        var below = 0.0, term = pow(0.5, Double(n)), k = 0  // term = P(X = k)
        while k < n / 2, below + term <= 0.025 {
            below += term
            term *= Double(n - k) / Double(k + 1)
            k += 1
        }
        guard k >= 1 else { return nil }
        return (sorted[k - 1], sorted[n - k])
    }

    /// "1.032×", with the quartiles once there are four values or more: "1.032× (1.010–1.061)".
    func text(_ digits: Int) -> String {
        let middle = format(median, digits) + "×"
        return count >= 4 ? middle + " (\(format(lowerQuartile, digits))–\(format(upperQuartile, digits)))" : middle
    }

    /// "1.021–1.048", or "–" below six runs.
    func intervalText(_ digits: Int) -> String {
        guard let i = medianInterval else { return "–" }
        return "\(format(i.lower, digits))–\(format(i.upper, digits))"
    }
}
