import Advance
import Foundation
import Spruce
import SpruceFilm

/// Where each animated view really sits on the canvas, for the timing chart's map: the film is played to
/// the moment its entrance is at rest, recording the choreographies it starts, which pairs every timing
/// with its view, whose frame is then taken in canvas coordinates (nested views included).
struct LayoutMap {
    struct Item { var rect: CGRect; var start: Double? }
    /// Every visible view of the tree in painting order; `start` is nil for views that do not animate.
    let items: [Item]

    init(film: Film) throws {
        let p = film.phases
        let rest = min(p.inEnd, p.animateOut ?? p.inEnd, p.reverseFrom ?? p.inEnd)
        let cursor = try FilmCursor(film: film)
        let log = ChoreographyLog()
        let root = try log.recording { try cursor.seek(to: rest) }
        var starts: [ObjectIdentifier: Double] = [:]
        for c in log.choreographies where c.startTime <= p.animateIn {
            for (v, t) in zip(c.views, c.timings) where starts[ObjectIdentifier(v)] == nil {
                starts[ObjectIdentifier(v)] = t.start + c.startTime - p.animateIn
            }
        }
        var items: [Item] = []
        func walk(_ v: View) {
            guard !v.isHidden else { return }
            let start = starts[ObjectIdentifier(v)]
            if start != nil || v.backgroundColor != nil || v.borderWidth > 0 || v is Label || v is ImageView {
                items.append(Item(rect: v.superview?.convert(v.frame, to: root) ?? v.frame, start: start))
            }
            v.subviews.forEach(walk)
        }
        root.subviews.forEach(walk)
        self.items = items
    }
}
