import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// The choreography at a glance: each animated view as a bar from its start to its end over a time
/// axis, coloured by start time, beside a map of the screen where every view wears the same colour,
/// so the wave's direction reads without following a single bar. Covers the in-phase (the out-phase
/// is its mirror image).
public struct TimingChart {
    public let film: Film
    public var title: String
    /// Width of the whole chart in points.
    public var width: CGFloat = 960
    public var scale: CGFloat = 1

    public init(film: Film, title: String? = nil) {
        self.film = film
        self.title = title ?? film.title ?? "Film"
    }

    public var rows: [TimingRow] { TimingRows.rows(for: film.timings) }

    public func render() throws -> Bitmap {
        try checkSize()
        let view = try makeView()
        return try Renderer(size: view.bounds.size, scale: scale, background: ReviewStyle.paper).render(view)
    }

    /// The layout map's size in points.
    private var mapSize: CGSize {
        let canvas = film.canvas.size
        let size = CGSize(width: 260, height: 260 * canvas.height / canvas.width)
        return size.height > 360 ? CGSize(width: 360 * canvas.width / canvas.height, height: 360) : size
    }

    private static let top = ReviewStyle.margin + 48

    /// The chart's size in points: `width`, or the title's up to `ReviewStyle.maximumTitleWidth`, and as tall as its
    /// rows (or the map) need.
    public var size: CGSize {
        let m = ReviewStyle.margin, count = rows.count
        let rowsHeight = max(CGFloat(count) * TimingRows.layout(rowCount: count).rowHeight, 40)
        return CGSize(width: ReviewStyle.chartWidth(width, title: title),
                      height: max(Self.top + rowsHeight + 40, Self.top + mapSize.height + 64) + m)
    }

    /// Throws before anything is drawn when the chart, at `scale`, has more pixels than Cairo holds (thousands of
    /// views make thousands of rows).
    public func checkSize() throws {
        try ReviewStyle.checkPixels(size, scale: scale, picture: "the chart of \(rows.count) rows", advice: "draw it at a smaller scale")
    }

    /// The chart as a view tree, drawn by the ordinary renderer.
    public func makeView() throws -> View {
        let rows = self.rows, timings = film.timings
        let m = ReviewStyle.margin
        let size = self.size, (width, height) = (size.width, size.height)
        let mapSize = self.mapSize
        let labelWidth: CGFloat = 128
        let chartX0 = m + labelWidth + 8, chartX1 = width - m - mapSize.width - 32
        guard chartX1 - chartX0 >= 120 else { throw ReviewError.chartTooNarrow(width: width) }
        let top = Self.top
        let (rowHeight, labelStride) = TimingRows.layout(rowCount: rows.count)
        let rowsHeight = max(CGFloat(rows.count) * rowHeight, 40)

        let chart = ReviewStyle.box(CGRect(x: 0, y: 0, width: width, height: height), ReviewStyle.paper)
        chart.addSubview(ReviewStyle.label(ReviewStyle.fitted(title, ReviewStyle.titleFont, width: width - 2 * m),
                                           CGRect(x: m, y: m - 4, width: width - 2 * m, height: 22), font: ReviewStyle.titleFont))
        chart.addSubview(ReviewStyle.label(subtitle(rows: rows), CGRect(x: m, y: m + 18, width: width - 2 * m, height: 16),
                                           font: ReviewStyle.subtitleFont, color: ReviewStyle.muted))

        let lastEnd = timings.map(\.end).max() ?? 0
        let ramp = StartTimeRamp(first: timings.map(\.start).min() ?? 0, last: timings.map(\.start).max() ?? 0)
        let axis = TimeAxis(seconds: lastEnd)
        func x(_ t: Double) -> CGFloat { chartX0 + CGFloat(t / axis.end) * (chartX1 - chartX0) }

        // Grid lines under the bars, then stripes for every other row when rows are tall enough to follow.
        for t in axis.ticks {
            chart.addSubview(ReviewStyle.box(CGRect(x: x(t).rounded(), y: top, width: 1, height: rowsHeight + 4), ReviewStyle.faint))
        }
        if rows.isEmpty {
            chart.addSubview(ReviewStyle.label("no animated views", CGRect(x: chartX0, y: top, width: chartX1 - chartX0, height: 40),
                                               color: ReviewStyle.muted, alignment: .center))
        }
        for (i, row) in rows.enumerated() {
            let y = top + CGFloat(i) * rowHeight
            if rowHeight >= 8, i % 2 == 1 {
                chart.addSubview(ReviewStyle.box(CGRect(x: m, y: y, width: chartX1 - m, height: rowHeight), Color(white: 0, alpha: 0.03)))
            }
            let barHeight = rowHeight >= 8 ? (rowHeight * 0.64).rounded() : max(2, rowHeight - 1)
            let bar = CGRect(x: x(row.start), y: y + (rowHeight - barHeight) / 2,
                             width: max(2, x(row.end) - x(row.start)), height: barHeight)
            chart.addSubview(ReviewStyle.box(bar, ramp.color(forStart: row.start), radius: min(2, barHeight / 2)))
            if i % labelStride == 0 {
                let text = TimingRows.shortened(TimingRows.displayName(row.label))
                chart.addSubview(ReviewStyle.label(text, CGRect(x: m, y: y + rowHeight / 2 - 7, width: labelWidth, height: 14),
                                                   font: ReviewStyle.smallFont, color: ReviewStyle.ink, alignment: .right))
                if labelStride > 1 {
                    chart.addSubview(ReviewStyle.box(CGRect(x: chartX0 - 6, y: (y + rowHeight / 2).rounded(), width: 4, height: 1), ReviewStyle.muted))
                }
            }
        }

        // Time axis.
        let axisY = top + rowsHeight + 4
        chart.addSubview(ReviewStyle.box(CGRect(x: chartX0, y: axisY, width: chartX1 - chartX0 + 1, height: 1), ReviewStyle.muted))
        for t in axis.ticks {
            chart.addSubview(ReviewStyle.box(CGRect(x: x(t).rounded(), y: axisY, width: 1, height: 5), ReviewStyle.muted))
            chart.addSubview(ReviewStyle.label(reviewTime(t), CGRect(x: x(t) - 30, y: axisY + 6, width: 60, height: 14),
                                               font: ReviewStyle.smallFont, color: ReviewStyle.muted, alignment: .center))
        }

        // Layout map and its legend.
        let mapX = width - m - mapSize.width
        chart.addSubview(ReviewStyle.label("layout, coloured by start", CGRect(x: mapX, y: top - 18, width: mapSize.width, height: 14),
                                           font: ReviewStyle.smallFont, color: ReviewStyle.muted))
        chart.addSubview(try mapView(size: mapSize, ramp: ramp, origin: CGPoint(x: mapX, y: top)))
        let legendY = top + mapSize.height + 14
        let segments = 48
        for s in 0..<segments {
            let f = Double(s) / Double(segments - 1)
            let w = mapSize.width / CGFloat(segments)
            chart.addSubview(ReviewStyle.box(CGRect(x: mapX + CGFloat(s) * w, y: legendY, width: w.rounded(.up), height: 10),
                                             ramp.color(forStart: ramp.first + f * (ramp.last - ramp.first))))
        }
        chart.addSubview(ReviewStyle.label("start \(reviewTime(ramp.first))", CGRect(x: mapX, y: legendY + 12, width: mapSize.width / 2, height: 14),
                                           font: ReviewStyle.smallFont, color: ReviewStyle.muted))
        chart.addSubview(ReviewStyle.label(reviewTime(ramp.last), CGRect(x: mapX + mapSize.width / 2, y: legendY + 12, width: mapSize.width / 2, height: 14),
                                           font: ReviewStyle.smallFont, color: ReviewStyle.muted, alignment: .right))
        return chart
    }

    func subtitle(rows: [TimingRow]) -> String {
        let n = film.timings.count
        var s = "\(n) animated view\(n == 1 ? "" : "s") · all in by \(reviewTime(film.timings.map(\.end).max() ?? 0))"
        if rows.count < n { s += " · \(rows.count) rows: views with the same timing share a bar" }
        return s
    }

    func mapView(size: CGSize, ramp: StartTimeRamp, origin: CGPoint) throws -> View {
        let canvas = film.canvas.size
        let k = size.width / canvas.width
        let map = ReviewStyle.box(CGRect(origin: origin, size: size), film.canvas.background ?? .white, border: ReviewStyle.rule)
        map.clipsToBounds = true
        for item in try LayoutMap(film: film).items {
            let r = CGRect(x: item.rect.minX * k, y: item.rect.minY * k, width: item.rect.width * k, height: item.rect.height * k)
            if let start = item.start {
                map.addSubview(ReviewStyle.box(r, ramp.color(forStart: start), radius: min(2, r.width / 4, r.height / 4)))
            } else {
                map.addSubview(ReviewStyle.box(r, ReviewStyle.faint, border: ReviewStyle.rule))
            }
        }
        return map
    }
}
