import Foundation
import Spruce
import SpruceRender

/// Where a film moves: every frame compared with the one before, view by view (the corners of each
/// visible view on the canvas and its opacity), so the holds, where nothing changes enough to see, can be
/// told from the entrance and the exit. Read through `Film.sample`, one pass of the film's clock.
public struct FilmMotion {
    /// A stretch of frames in which something moves: `first` is the still frame before the first change,
    /// `last` the last frame that still differs from the one before.
    public struct Span: Equatable {
        /// The index of the still frame just before the first change.
        public var first: Int
        /// The index of the last frame that still differs from the one before.
        public var last: Int
    }

    /// `changed[i]`: frame i differs visibly from the last frame before it that did (false for frame 0).
    public let changed: [Bool]
    /// Runs of changed frames; runs less than `joinGap` seconds apart are one span.
    public let spans: [Span]
    /// Frames whose view states were read (the others were still, see `init`).
    let framesRead: Int

    /// Smallest change counted as movement: a corner moving half a pixel (``opacityThreshold`` for opacity).
    public static let pixelThreshold: CGFloat = 0.5
    /// The smallest change of opacity counted as movement: 2/255.
    public static let opacityThreshold: CGFloat = 2 / 255

    /// How many bytes of view states a stretch played backwards may hold at once (see `init`).
    public static let memoryBudget = 128 << 20

    /// Reads the film once, frame by frame, holding two frames' states: the frame and the last one that changed.
    /// A stretch the film plays backwards (scene time falling) is read in chunks of frames whose states fit
    /// `memoryBudget` (a 10,000-view film held every frame's states, 6.6 GB for 5,200 frames).
    /// `skipStill: false` reads every frame's states even where nothing runs (for the test that skipping changes nothing).
    public init(film: Film, joinGap: Double = 0.1, cancellation: RenderCancellation? = nil,
                memoryBudget: Int = FilmMotion.memoryBudget, skipStill: Bool = true) throws {
        let scale = film.canvas.scale
        let times = (0..<film.frameCount).map(film.time(ofFrame:))
        let moments = times.map(film.sceneTime(at:))
        let cursor = try FilmCursor(film: film)
        cursor.cancellation = cancellation
        // Each frame is compared with the last frame that counted as a change, so a slow drift at a high
        // frame rate adds up to a visible change instead of hiding under the threshold frame by frame.
        var changed: [Bool] = []
        changed.reserveCapacity(times.count)
        var reference: [ViewState] = []
        var read = 0
        func take(_ state: [ViewState]) {
            read += 1
            let differs = !changed.isEmpty && FilmMotion.differ(reference, state, pixelsPerPoint: scale)
            if changed.isEmpty || differs { reference = state }
            changed.append(differs)
        }
        var i = 0
        while i < times.count {
            if i == 0 || moments[i] >= moments[i - 1] {
                // Through a hold nothing runs, so the frame is the one before: no change, and no states to read
                // (a 10,000-view film with an hour's hold read 200,000 frames of them).
                if i > 0, skipStill, cursor.isStill(through: times[i]) {
                    try cursor.seek(to: times[i])
                    changed.append(false)
                } else {
                    take(FilmMotion.state(of: try cursor.seek(to: times[i])))
                }
                i += 1
                continue
            }
            // Played backwards: `Film.sample` reads a chunk's moments forwards, one pass from the start each.
            var end = i + 1
            while end < times.count, moments[end] < moments[end - 1] { end += 1 }
            let perFrame = max(1, reference.count) * MemoryLayout<ViewState>.stride
            let chunk = max(1, memoryBudget / perFrame)
            for from in stride(from: i, to: end, by: chunk) {
                let states = try film.sample(at: Array(times[from..<min(end, from + chunk)]), cancellation: cancellation) {
                    FilmMotion.state(of: $0)
                }
                states.forEach(take)
            }
            i = end
        }
        self.changed = changed
        framesRead = read
        let gap = max(1, Int((joinGap * film.framesPerSecond).rounded()))
        var spans: [Span] = []
        for i in changed.indices where changed[i] {
            if let last = spans.last, i - last.last <= gap { spans[spans.count - 1].last = i } else { spans.append(Span(first: i - 1, last: i)) }
        }
        self.spans = spans
    }

    /// Each visible view in painting order: its four corners on the canvas and the opacity it is drawn with.
    struct ViewState {
        var corners: (CGPoint, CGPoint, CGPoint, CGPoint)
        var alpha: CGFloat

        /// Whether any corner moved `threshold` pixels or more.
        func moved(from other: ViewState, pixelsPerPoint: CGFloat, threshold: CGFloat) -> Bool {
            func far(_ c: CGPoint, _ d: CGPoint) -> Bool { hypot(c.x - d.x, c.y - d.y) * pixelsPerPoint >= threshold }
            return far(corners.0, other.corners.0) || far(corners.1, other.corners.1) || far(corners.2, other.corners.2)
                || far(corners.3, other.corners.3)
        }
    }

    static func state(of root: View) -> [ViewState] {
        var out: [ViewState] = []
        func walk(_ v: View, _ transform: CGAffineTransform, _ alpha: CGFloat) {
            guard !v.isHidden else { return }
            let t = v.superview == nil ? transform : v.transformToSuperview.concatenating(transform)
            let a = alpha * v.alpha
            let b = v.bounds
            out.append(ViewState(corners: (CGPoint(x: b.minX, y: b.minY).applying(t), CGPoint(x: b.maxX, y: b.minY).applying(t),
                                           CGPoint(x: b.minX, y: b.maxY).applying(t), CGPoint(x: b.maxX, y: b.maxY).applying(t)),
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
            if p.moved(from: q, pixelsPerPoint: pixelsPerPoint, threshold: pixelThreshold) { return true }
        }
        return false
    }
}
