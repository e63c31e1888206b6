import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// How each property moves: one panel per animated property (opacity, scale, rotation, position), every
/// shown view a curve from 0 (where it starts) to 1 (where it rests) over seconds from the animate call,
/// so a spring's bounce shows above the 1.0 line and an ease's shape in the curve. A dot marks where each
/// view starts, a tick where it settles (last leaves the 1 % band). Curves wear the layout map's colours
/// (start time on the viridis ramp), and the map beside them is the legend. Dark lines on a light card:
/// it prints in grey and stands out on a dark slide. PNG through Cairo, or SVG.
public struct MotionCurves {
    public let film: Film
    public let tracks: MotionTracks
    public var title: String
    /// Width in points (wider when the title needs it, up to `ReviewStyle.maximumTitleWidth`).
    public var width: CGFloat {
        get { ReviewStyle.chartWidth(requestedWidth, title: title) }
        set { requestedWidth = newValue }
    }
    private var requestedWidth: CGFloat = 960
    public var scale: CGFloat = 1
    /// Only these views' curves (nil: all).
    public let views: [String]?

    public init(film: Film, views: [String]? = nil, title: String? = nil, cancellation: RenderCancellation? = nil) throws {
        if let views {
            let known = film.timings.map(\.view)
            for v in views where !known.contains(v) { throw ReviewError.unknownView(v, animated: known) }
        }
        self.film = film
        self.views = views
        tracks = try MotionTracks(film: film, views: views, cancellation: cancellation)
        self.title = title ?? film.title ?? "Film"
    }

    /// One property's panel: where it is, and how times and normalised values map into it.
    public struct Panel {
        public var property: MotionTracks.Property
        public var frame: CGRect
        public var low: Double, high: Double
        public var axisEnd: Double
        public func x(_ t: Double) -> CGFloat { frame.minX + CGFloat(t / axisEnd) * frame.width }
        public func y(_ v: Double) -> CGFloat { frame.maxY - CGFloat((v - low) / (high - low)) * frame.height }
        /// Each shown view's curve in chart points, in track order.
        public var curves: [(view: String, points: [CGPoint])] = []
    }

    public var properties: [MotionTracks.Property] {
        MotionTracks.Property.allCases.filter { p in tracks.tracks.contains { $0.property == p } }
    }

    var ramp: StartTimeRamp {
        StartTimeRamp(first: film.timings.map(\.start).min() ?? 0, last: film.timings.map(\.start).max() ?? 0)
    }

    static let panelHeight: CGFloat = 170, panelGap: CGFloat = 46, labelWidth: CGFloat = 44, top = ReviewStyle.margin + 52

    var mapSize: CGSize {
        let canvas = film.canvas.size
        var size = CGSize(width: 220, height: 220 * canvas.height / canvas.width)
        if size.height > 320 { size = CGSize(width: 320 * canvas.width / canvas.height, height: 320) }
        return size
    }

    public var panels: [Panel] {
        let m = ReviewStyle.margin
        let x0 = m + Self.labelWidth, x1 = max(x0 + 120, width - m - mapSize.width - 36)
        let axis = TimeAxis(seconds: tracks.times.last ?? 0)
        return properties.enumerated().map { i, property in
            let shown = tracks.tracks.filter { $0.property == property }
            let all = shown.flatMap(\.values)
            // Always 0…1, widened to whatever overshoots, with a little air.
            let low = min(0, all.min() ?? 0) - 0.08, high = max(1, all.max() ?? 1) + 0.08
            let frame = CGRect(x: x0, y: Self.top + CGFloat(i) * (Self.panelHeight + Self.panelGap), width: x1 - x0, height: Self.panelHeight)
            var panel = Panel(property: property, frame: frame, low: low, high: high, axisEnd: axis.end)
            panel.curves = shown.map { track in
                (track.view, zip(tracks.times, track.values).map { CGPoint(x: panel.x($0), y: panel.y($1)) })
            }
            return panel
        }
    }

    public func render() throws -> Bitmap { try drawing().render(scale: scale) }

    public func drawing() -> Drawing {
        let m = ReviewStyle.margin
        let panels = self.panels
        let mapSize = self.mapSize
        let bottom = (panels.last?.frame.maxY ?? Self.top + 40) + 40
        let names = min(Set(tracks.tracks.map(\.view)).count, 11)
        let legendBottom = Self.top + mapSize.height + 48 + (names <= 10 ? CGFloat(names) * 16 : 0)
        let height = max(bottom, legendBottom) + m
        let ink = ReviewStyle.ink, muted = ReviewStyle.muted
        var d = Drawing(size: CGSize(width: width, height: height), background: ReviewStyle.paper)
        d.add(.text(ReviewStyle.fitted(title, ReviewStyle.titleFont, width: width - 2 * m), box: CGRect(x: m, y: m - 4, width: width - 2 * m, height: 22),
                    font: ReviewStyle.titleFont, color: ink))
        d.add(.text(subtitle, box: CGRect(x: m, y: m + 18, width: width - 2 * m, height: 16), font: ReviewStyle.subtitleFont, color: muted))
        if panels.isEmpty {
            d.add(.text("nothing animates", box: CGRect(x: m, y: Self.top, width: 300, height: 30), font: ReviewStyle.captionFont, color: muted))
        }
        let ramp = self.ramp
        let byView = Dictionary(tracks.tracks.map { ("\($0.property.rawValue) \($0.view)", $0) }, uniquingKeysWith: { a, _ in a })
        for panel in panels {
            let f = panel.frame
            d.add(.rect(f, fill: .white, stroke: ReviewStyle.rule))
            let axis = TimeAxis(seconds: panel.axisEnd)
            for t in axis.ticks {
                d.add(.line([CGPoint(x: panel.x(t), y: f.minY), CGPoint(x: panel.x(t), y: f.maxY)], color: ReviewStyle.faint, width: 1))
                d.add(.text(reviewTime(t), box: CGRect(x: panel.x(t) - 30, y: f.maxY + 3, width: 60, height: 14),
                            font: ReviewStyle.smallFont, color: muted, alignment: .center))
            }
            for (v, label, dash) in [(0.0, "0", [CGFloat]()), (1.0, "1.0", [5, 3])] {
                d.add(.line([CGPoint(x: f.minX, y: panel.y(v)), CGPoint(x: f.maxX, y: panel.y(v))], color: muted, width: 1, dash: dash))
                d.add(.text(label, box: CGRect(x: m, y: panel.y(v) - 7, width: Self.labelWidth - 6, height: 14),
                            font: ReviewStyle.smallFont, color: muted, alignment: .right))
            }
            let shown = tracks.tracks.filter { $0.property == panel.property }
            let peak = shown.flatMap(\.values).max() ?? 1
            if peak > 1.005 {
                d.add(.text(String(format: "%.2f", peak), box: CGRect(x: m, y: panel.y(peak) - 7, width: Self.labelWidth - 6, height: 14),
                            font: ReviewStyle.smallFont, color: ink, alignment: .right))
                d.add(.line([CGPoint(x: f.minX - 4, y: panel.y(peak)), CGPoint(x: f.minX, y: panel.y(peak))], color: ink, width: 1))
            }
            d.add(.text("\(panel.property.rawValue)  \(unitNote(panel.property, shown))", box: CGRect(x: f.minX, y: f.minY - 17, width: f.width, height: 14),
                        font: ReviewStyle.captionFont, color: ink))
            let lineWidth: CGFloat = panel.curves.count > 12 ? 1.25 : 2
            // Views that start together and move alike (a diagonal of a cornered grid) have one curve: drawn once,
            // it keeps its edges as drawn (not darkened by copies) and the SVG small (a 50×50 grid: 99 curves a panel,
            // not 2,500).
            var seen = Set<DrawnCurve>()
            let distinct = panel.curves.compactMap { view, points -> (MotionTracks.Track, [CGPoint])? in
                guard let track = byView["\(panel.property.rawValue) \(view)"],
                      seen.insert(DrawnCurve(start: track.start, values: track.values)).inserted else { return nil }
                return (track, points)
            }
            for (track, points) in distinct {
                d.add(.line(points, color: ramp.color(forStart: track.start), width: lineWidth))
            }
            // Start dots on the 0 line, settle ticks on the 1.0 line, in each view's colour.
            for (track, _) in distinct {
                let c = ramp.color(forStart: track.start)
                d.add(.circle(center: CGPoint(x: panel.x(track.start), y: panel.y(0)), radius: 3, fill: c, stroke: .white))
                if let s = track.settle {
                    d.add(.line([CGPoint(x: panel.x(s), y: panel.y(1) - 6), CGPoint(x: panel.x(s), y: panel.y(1) + 6)], color: c, width: 2))
                }
            }
            if let last = shown.compactMap(\.settle).max() {
                d.add(.line([CGPoint(x: panel.x(last), y: f.minY), CGPoint(x: panel.x(last), y: f.maxY)], color: muted, width: 1, dash: [2, 3]))
                let text = "all settled \(reviewTime(last))"
                let fits = panel.x(last) + 8 + ReviewStyle.width(text, ReviewStyle.smallFont) < f.maxX
                d.add(.text(text, box: CGRect(x: fits ? panel.x(last) + 4 : panel.x(last) - 144, y: f.maxY - 36, width: 140, height: 14),
                            font: ReviewStyle.smallFont, color: ink, alignment: fits ? .left : .right))
            }
        }
        if let last = panels.last {
            d.add(.text("seconds from the animate call", box: CGRect(x: last.frame.minX, y: last.frame.maxY + 18, width: last.frame.width, height: 14),
                        font: ReviewStyle.smallFont, color: muted, alignment: .center))
        }
        drawLegend(into: &d, origin: CGPoint(x: width - m - mapSize.width, y: Self.top), size: mapSize, ramp: ramp)
        return d
    }

    /// What a curve looks like: its colour (from the start) and its values (the points, the dot and the tick follow).
    struct DrawnCurve: Hashable {
        var start: Double
        var values: [Double]
    }

    func unitNote(_ p: MotionTracks.Property, _ shown: [MotionTracks.Track]) -> String {
        guard let d = shown.map(\.distance).max() else { return "" }
        switch p {
        case .opacity: return "0 → 1 is a change of \(String(format: "%.2f", d))"
        case .scale: return "0 → 1 is a scale change of \(String(format: "%.2f", d))"
        case .rotation: return "0 → 1 is \(String(format: "%.0f", d * 180 / .pi))°"
        case .position: return "0 → 1 is \(String(format: "%.0f", d)) pt"
        }
    }

    var subtitle: String {
        let n = Set(tracks.tracks.map(\.view)).count
        let who = views == nil ? "\(n) animated view\(n == 1 ? "" : "s")" : "\(n) of \(film.timings.count) animated views"
        // Many views over a long entrance are sampled more coarsely than the usual 1/120 s (`MotionTracks.maximumSamples`).
        let coarse = tracks.sampleStep > 1 / MotionTracks.minimumRate + 1e-9
            ? " · sampled every \(String(format: "%.3g", tracks.sampleStep)) s" : ""
        return "\(who) · each property from where it starts (0) to where it rests (1) · dot: start · tick: settled (within 1 %)\(coarse)"
    }

    /// The layout map in the curves' colours (views not shown in grey), the ramp, and names when few.
    func drawLegend(into d: inout Drawing, origin: CGPoint, size: CGSize, ramp: StartTimeRamp) {
        let muted = ReviewStyle.muted
        d.add(.text("layout, coloured by start", box: CGRect(x: origin.x, y: origin.y - 18, width: size.width, height: 14),
                    font: ReviewStyle.smallFont, color: muted))
        d.add(.rect(CGRect(origin: origin, size: size), fill: film.canvas.background ?? .white, stroke: ReviewStyle.rule))
        let k = size.width / film.canvas.size.width
        let shown = Set(tracks.tracks.map(\.view))
        let names = Dictionary(film.timings.map { ($0.start, $0.view) }, uniquingKeysWith: { a, _ in a })
        if let items = try? LayoutMap(film: film).items {
            for item in items {
                let r = CGRect(x: origin.x + item.rect.minX * k, y: origin.y + item.rect.minY * k,
                               width: item.rect.width * k, height: item.rect.height * k).intersection(CGRect(origin: origin, size: size))
                guard !r.isNull, r.width > 0, r.height > 0 else { continue }
                if let start = item.start, views == nil || names[start].map(shown.contains) == true || shown.count == tracks.starts.count {
                    d.add(.rect(r, fill: ramp.color(forStart: start)))
                } else {
                    d.add(.rect(r, fill: ReviewStyle.faint, stroke: ReviewStyle.rule))
                }
            }
        }
        let barY = origin.y + size.height + 14, segments = 48
        for s in 0..<segments {
            let f = Double(s) / Double(segments - 1), w = size.width / CGFloat(segments)
            d.add(.rect(CGRect(x: origin.x + CGFloat(s) * w, y: barY, width: w + 0.5, height: 10),
                        fill: ramp.color(forStart: ramp.first + f * (ramp.last - ramp.first))))
        }
        d.add(.text("start \(reviewTime(ramp.first))", box: CGRect(x: origin.x, y: barY + 12, width: size.width / 2, height: 14),
                    font: ReviewStyle.smallFont, color: muted))
        d.add(.text(reviewTime(ramp.last), box: CGRect(x: origin.x + size.width / 2, y: barY + 12, width: size.width / 2, height: 14),
                    font: ReviewStyle.smallFont, color: muted, alignment: .right))
        // Few views: their names beside swatches, in start order.
        let listed = Array(Dictionary(tracks.tracks.map { ($0.view, $0.start) }, uniquingKeysWith: { a, _ in a })).sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        guard listed.count <= 10 else { return }
        for (i, (view, start)) in listed.enumerated() {
            let y = barY + 34 + CGFloat(i) * 16
            d.add(.rect(CGRect(x: origin.x, y: y + 2, width: 18, height: 10), fill: ramp.color(forStart: start)))
            d.add(.text("\(TimingRows.displayName(view))  \(reviewTime(start))", box: CGRect(x: origin.x + 24, y: y, width: size.width - 24, height: 14),
                        font: ReviewStyle.smallFont, color: ReviewStyle.ink))
        }
    }
}
