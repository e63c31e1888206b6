import Spruce

/// Walks a `PaintSnapshot` of the tree being painted, in the painter's order, so that a redraw of a damaged
/// region skips every subtree whose pixels lie outside it: Cairo would clip all it draws anyway, but building
/// the paths, groups and clips of 169 tiles to draw 10 of them costs most of a frame. Skipping them changes no
/// pixel (the region's clip drops everything they draw). If the tree does not match the snapshot, nothing is
/// skipped.
final class PaintCulling {
    private let snapshot: PaintSnapshot
    private let region: DamageRegion
    private let bounds: PixelRect
    private var next = 0
    private var matches = true

    init(snapshot: PaintSnapshot, region: DamageRegion) {
        (self.snapshot, self.region) = (snapshot, region)
        bounds = region.rects.reduce(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) { $0.union($1) }
    }

    /// The record of `view`, the next view painted.
    func enter(_ view: View) -> Int {
        let index = next
        next += 1
        if index >= snapshot.records.count || snapshot.records[index].kind != ObjectIdentifier(type(of: view)) {
            matches = false
        }
        return index
    }

    /// Past `index`'s subtree, whether it was painted or skipped.
    func leave(_ index: Int) {
        if matches, index < snapshot.records.count { next = snapshot.records[index].end }
    }

    /// Whether every pixel the view itself can paint is inside the region and no ancestor clips it: then the
    /// region's clip, intersected with the view's own pixels, is just those pixels.
    func ownPixelsInsideRegion(_ index: Int) -> Bool {
        guard matches else { return false }
        let record = snapshot.records[index]
        guard !record.clippedByAncestor, !record.box.isEmpty else { return false }
        var covered = 0
        forEachRect(inRowsOf: record.box) { covered += $0.intersection(record.box).area; return true }
        return covered == record.box.area  // the region's rectangles do not overlap
    }

    /// The pixels the view and its subviews can paint; nil once the tree stopped matching the snapshot.
    func subtreePixels(_ index: Int) -> PixelRect? {
        matches ? snapshot.records[index].subtree : nil
    }

    func touchesRegion(_ index: Int) -> Bool {
        guard matches else { return true }
        let subtree = snapshot.records[index].subtree
        guard !subtree.intersection(bounds).isEmpty else { return false }
        var touches = false
        forEachRect(inRowsOf: subtree) { touches = !$0.intersection(subtree).isEmpty; return !touches }
        return touches
    }

    /// Calls `body` with the region's rectangles whose rows overlap `box`'s, until it returns false. The
    /// rectangles are in band order, so their bottoms never decrease: a binary search finds the first band below
    /// `box`'s top, and the walk stops at the first band below its bottom (a frame's region has hundreds of
    /// rectangles, asked about for every view in it).
    private func forEachRect(inRowsOf box: PixelRect, _ body: (PixelRect) -> Bool) {
        let rects = region.rects
        var low = 0, high = rects.count
        while low < high {
            let middle = (low + high) / 2
            if rects[middle].y1 <= box.y0 { low = middle + 1 } else { high = middle }
        }
        for i in low..<rects.count {
            guard rects[i].y0 < box.y1, body(rects[i]) else { return }
        }
    }
}
