import Foundation
import Geometry
import Spruce

/// One bar of a timing chart: a view, or several consecutive views that start and end together.
public struct TimingRow: Equatable {
    public var label: String
    public var start: Double
    public var end: Double
    public var count: Int
}

/// Keeps charts of many views legible: up to `maximumSingleRows` views get a bar each; beyond that,
/// consecutive views with the same timing share one bar ("tile-0-3 +2"), since a wave's fronts are
/// exactly such groups.
public enum TimingRows {
    public static let maximumSingleRows = 40

    public static func rows(for timings: [Choreography.Timing], maximumSingleRows: Int = TimingRows.maximumSingleRows) -> [TimingRow] {
        let singles = timings.map { TimingRow(label: $0.view, start: $0.start, end: $0.end, count: 1) }
        guard timings.count > maximumSingleRows else { return singles }
        var out: [TimingRow] = []
        var first = ""
        for row in singles {
            if let last = out.last, abs(last.start - row.start) < 1e-9, abs(last.end - row.end) < 1e-9 {
                out[out.count - 1].count += 1
                out[out.count - 1].label = "\(first) +\(out[out.count - 1].count - 1)"
            } else {
                first = row.label
                out.append(row)
            }
        }
        return out
    }

    /// Row height in points and the stride between labelled rows: rows shrink to fit about 480 points
    /// (never under 3), and labels thin out so that they stay at least 12 points apart.
    public static func layout(rowCount: Int) -> (rowHeight: CGFloat, labelStride: Int) {
        guard rowCount > 0 else { return (14, 1) }
        let h = rowCount <= maximumSingleRows ? 14 : max(3, min(14, (480 / CGFloat(rowCount)).rounded(.down)))
        return (h, max(1, Int((12 / h).rounded(.up))))
    }

    /// A film names a view without an id by its place in the tree (`3.0`: the first subview of the fourth); say so.
    static func displayName(_ s: String) -> String {
        let head = s.split(separator: " ").first.map(String.init) ?? s
        let place = !head.isEmpty && head.split(separator: ".", omittingEmptySubsequences: false)
            .allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        return place ? "view " + s : s
    }

    /// Ids longer than the label column are cut with an ellipsis.
    static func shortened(_ s: String, to n: Int = 20) -> String {
        s.count <= n ? s : String(s.prefix(n - 1)) + "…"
    }
}

/// Axis ticks at 1, 2, 2.5 or 5 × 10ⁿ seconds: at most `maximumTicks` intervals over `0…seconds`.
public struct TimeAxis: Equatable {
    init(step: Double, end: Double) { (self.step, self.end) = (step, end) }

    public let step: Double
    public let end: Double

    public init(seconds: Double, maximumTicks: Int = 10) {
        let span = seconds.isFinite && seconds > 0 ? seconds : 0.1
        var step = 0.001
        outer: for exponent in -3...6 {
            for m in [1.0, 2.0, 2.5, 5.0] {
                step = m * pow(10, Double(exponent))
                if span / step <= Double(maximumTicks) { break outer }
            }
        }
        self.step = step
        end = (span / step - 1e-9).rounded(.up) * step
    }

    public var ticks: [Double] {
        // A span too long for the largest step (never a film within SceneLimits) gets no ticks beyond 0.
        let n = Checked.int(end / step, in: 0...1000) ?? 0
        return (0...n).map { Double($0) * step }
    }
}
