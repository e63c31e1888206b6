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
        for r in region.rects { covered += r.intersection(record.box).area }
        return covered == record.box.area  // the region's rectangles do not overlap
    }

    func touchesRegion(_ index: Int) -> Bool {
        guard matches else { return true }
        let subtree = snapshot.records[index].subtree
        guard !subtree.intersection(bounds).isEmpty else { return false }
        return region.rects.contains { !$0.intersection(subtree).isEmpty }
    }
}
