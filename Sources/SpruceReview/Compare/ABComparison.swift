import Foundation
import Spruce
import SpruceFilm
import SpruceRender

/// What differs between two films: per view, the start, duration (from the `animate` timings) and settling
/// time (when its last property comes within 1 % of rest, from `MotionTracks`); and frame by frame, the
/// largest difference of any pixel channel (0…255) with the frame where it happens.
public struct ABComparison {
    public struct ViewChange: Equatable {
        public var view: String
        /// (A, B) in seconds; nil when the view does not animate in that film.
        public var start: (Double?, Double?)
        public var duration: (Double?, Double?)
        public var settle: (Double?, Double?)
        public static func == (l: ViewChange, r: ViewChange) -> Bool { l.view == r.view }
    }

    public let changes: [ViewChange]
    /// Largest channel difference over every frame, and the first frame where it occurs (nil: sizes differ).
    public let largestPixelDifference: Int?
    public let largestDifferenceFrame: Int
    public let differingFrames: Int
    /// Frames of the side-by-side film: the longer film's (the shorter holds its last frame).
    public let frameCount: Int
    /// Each film's own frames. Films of different lengths differ even when the longer one only holds its last
    /// frame longer (they compared "equal").
    public let lengths: (a: Int, b: Int)
    public let framesPerSecond: Double

    /// Timing changes smaller than this are rounding (half a millisecond).
    public static let tolerance = 0.0005

    /// `progress` is called after every frame compared (one pass over the film).
    public init(_ comparison: SideBySide, cancellation: RenderCancellation? = nil,
                progress: ((RenderProgress) -> Void)? = nil) throws {
        let a = comparison.a, b = comparison.b
        let settleA = try Self.settles(a, cancellation), settleB = try Self.settles(b, cancellation)
        let ta = Dictionary(a.timings.map { ($0.view, $0) }, uniquingKeysWith: { x, _ in x })
        let tb = Dictionary(b.timings.map { ($0.view, $0) }, uniquingKeysWith: { x, _ in x })
        var order = a.timings.map(\.view)
        for t in b.timings where ta[t.view] == nil { order.append(t.view) }
        var changes: [ViewChange] = []
        for view in order {
            let c = ViewChange(view: view, start: (ta[view]?.start, tb[view]?.start),
                               duration: (ta[view].map { $0.end - $0.start }, tb[view].map { $0.end - $0.start }),
                               settle: (settleA[view], settleB[view]))
            if [c.start, c.duration, c.settle].contains(where: { !Self.same($0.0, $0.1) }) { changes.append(c) }
        }
        self.changes = changes
        frameCount = comparison.format.frameCount
        lengths = (a.frameCount, b.frameCount)
        framesPerSecond = comparison.format.framesPerSecond

        guard comparison.layout.paneA.size == comparison.layout.paneB.size else {
            (largestPixelDifference, largestDifferenceFrame, differingFrames) = (nil, 0, 0)
            return
        }
        let x = try ComparedFilm(a), y = try ComparedFilm(b)
        var largest = 0, at = 0, differing = 0
        var m: UInt8 = 0
        let meter = ProgressMeter(totalFrames: frameCount, passCount: 1)
        for i in 0..<frameCount {
            try cancellation?.throwIfCancelled()
            let changedA = try x.show(frame: i), changedB = try y.show(frame: i)
            // Neither film changed: the frames differ exactly as the last two did.
            if i == 0 || changedA || changedB { m = Self.largestDifference(x.pixels, y.pixels) }
            if m > 0 { differing += 1 }
            if Int(m) > largest { (largest, at) = (Int(m), i) }
            progress?(meter.progress(framesDone: i + 1, pass: 1))
        }
        (largestPixelDifference, largestDifferenceFrame, differingFrames) = (largest, at, differing)
    }

    /// The largest difference of any byte of two frames (a loop the compiler vectorises: no early exit).
    static func largestDifference(_ x: [UInt8], _ y: [UInt8]) -> UInt8 {
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                var m: UInt8 = 0
                for k in 0..<min(x.count, y.count) {
                    let (p, q) = (x[k], y[k])
                    m = max(m, max(p, q) &- min(p, q))
                }
                return m
            }
        }
    }

    public var isEqual: Bool { changes.isEmpty && lengths.a == lengths.b && (largestPixelDifference ?? 1) == 0 }

    static func same(_ x: Double?, _ y: Double?) -> Bool {
        switch (x, y) {
        case (nil, nil): return true
        case let (x?, y?): return abs(x - y) <= tolerance
        default: return false
        }
    }

    /// Each animated view's settling time: the latest of its properties' (its start when nothing moves).
    static func settles(_ film: Film, _ cancellation: RenderCancellation?) throws -> [String: Double] {
        let tracks = try MotionTracks(film: film, cancellation: cancellation)
        var out: [String: Double] = [:]
        for t in tracks.tracks { out[t.view] = max(out[t.view] ?? t.start, t.settle ?? t.start) }
        for t in film.timings where out[t.view] == nil { out[t.view] = t.start }
        return out
    }

    /// The summary `render-gif compare` prints: one line per changed view (up to `limit`), then the pixels. The
    /// labels and the views' ids are escaped (`SafeText`): a scene file cannot break a line or drive the terminal.
    public func report(labels: (String, String), limit: Int = 20) -> String {
        func s(_ v: Double?) -> String { v.map { String(format: "%.3f s", $0) } ?? "—" }
        func delta(_ p: (Double?, Double?)) -> String? {
            guard !Self.same(p.0, p.1) else { return nil }
            if let x = p.0, let y = p.1 { return "\(s(x)) → \(s(y)) (\(String(format: "%+.3f", y - x)) s)" }
            return "\(s(p.0)) → \(s(p.1))"
        }
        var lines = ["A: \(SafeText.escaped(labels.0))", "B: \(SafeText.escaped(labels.1))"]
        if changes.isEmpty {
            lines.append("timing: every view starts, lasts and settles the same")
        } else {
            lines.append("timing: \(changes.count) view\(changes.count == 1 ? "" : "s") changed")
            for c in changes.prefix(limit) {
                let parts = [("start", delta(c.start)), ("duration", delta(c.duration)), ("settle", delta(c.settle))]
                    .compactMap { name, d in d.map { "\(name) \($0)" } }
                lines.append("  \(SafeText.escaped(c.view)): " + parts.joined(separator: ", "))
            }
            if changes.count > limit { lines.append("  … and \(changes.count - limit) more") }
        }
        if lengths.a != lengths.b {
            func length(_ frames: Int) -> String { String(format: "%.3f s (%d frames)", Double(frames) / framesPerSecond, frames) }
            lines.append("length: \(length(lengths.a)) → \(length(lengths.b)); the shorter film holds its last frame")
        }
        if let largest = largestPixelDifference {
            if largest == 0 {
                lines.append("pixels: all \(frameCount) frames identical")
            } else {
                let t = Double(largestDifferenceFrame) / framesPerSecond
                lines.append("pixels: \(differingFrames) of \(frameCount) frames differ; largest difference \(largest)/255 "
                             + "at \(String(format: "%.2f", t)) s (frame \(largestDifferenceFrame))")
            }
        } else {
            lines.append("pixels: the films have different sizes, not compared")
        }
        lines.append(isEqual ? "result: equal" : "result: different")
        return lines.joined(separator: "\n") + "\n"
    }
}
