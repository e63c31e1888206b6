import Foundation
import Spruce
import SpruceVideo

/// Where a film moves: every frame compared with the one before, view by view (the corners of each
/// visible view on the canvas and its opacity), so the holds, where nothing changes enough to see, can be
/// told from the entrance and the exit. Read through `Film.sample`, one pass of the film's clock.
public struct FilmMotion {
    /// A stretch of frames in which something moves: `first` is the still frame before the first change,
    /// `last` the last frame that still differs from the one before.
    public struct Span: Equatable {
        public var first: Int
        public var last: Int
    }

    /// `changed[i]`: frame i differs visibly from the last frame before it that did (false for frame 0).
    public let changed: [Bool]
    /// Runs of changed frames; runs less than `joinGap` seconds apart are one span.
    public let spans: [Span]

    /// Smallest change counted as movement: a corner moving half a pixel, opacity changing by 2/255.
    public static let pixelThreshold: CGFloat = 0.5
    public static let opacityThreshold: CGFloat = 2 / 255

    public init(film: Film, joinGap: Double = 0.1, cancellation: RenderCancellation? = nil) throws {
        let scale = film.canvas.scale
        let times = (0..<film.frameCount).map(film.time(ofFrame:))
        let states = try film.sample(at: times, cancellation: cancellation) { FilmMotion.state(of: $0) }
        // Each frame is compared with the last frame that counted as a change, so a slow drift at a high
        // frame rate adds up to a visible change instead of hiding under the threshold frame by frame.
        var changed = [false]
        var reference = states[0]
        for state in states.dropFirst() {
            let differs = FilmMotion.differ(reference, state, pixelsPerPoint: scale)
            changed.append(differs)
            if differs { reference = state }
        }
        self.changed = changed
        let gap = max(1, Int((joinGap * film.framesPerSecond).rounded()))
        var spans: [Span] = []
        for i in changed.indices where changed[i] {
            if let last = spans.last, i - last.last <= gap { spans[spans.count - 1].last = i } else { spans.append(Span(first: i - 1, last: i)) }
        }
        self.spans = spans
    }

    /// Each visible view in painting order: its four corners on the canvas and the opacity it is drawn with.
    struct ViewState { var corners: [CGPoint]; var alpha: CGFloat }

    static func state(of root: View) -> [ViewState] {
        var out: [ViewState] = []
        func walk(_ v: View, _ transform: CGAffineTransform, _ alpha: CGFloat) {
            guard !v.isHidden else { return }
            let t = v.superview == nil ? transform : v.transformToSuperview.concatenating(transform)
            let a = alpha * v.alpha
            let b = v.bounds
            out.append(ViewState(corners: [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                                           CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY)].map { $0.applying(t) },
                                 alpha: a))
            for s in v.subviews { walk(s, t, a) }
        }
        walk(root, .identity, 1)
        return out
    }

    static func differ(_ a: [ViewState], _ b: [ViewState], pixelsPerPoint: CGFloat) -> Bool {
        guard a.count == b.count else { return true }
        for (p, q) in zip(a, b) {
            let visible = max(p.alpha, q.alpha) > 0
            if abs(p.alpha - q.alpha) >= opacityThreshold { return true }
            guard visible else { continue }
            for (c, d) in zip(p.corners, q.corners) where hypot(c.x - d.x, c.y - d.y) * pixelsPerPoint >= pixelThreshold {
                return true
            }
        }
        return false
    }
}
