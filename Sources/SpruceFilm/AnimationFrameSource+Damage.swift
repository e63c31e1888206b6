import Foundation
import SpruceRender

extension AnimationFrameSource.Cursor: DamageTrackingCursor {
    func prepare(frame index: Int) throws -> PaintSnapshot {
        try advance(toFrame: index)
        // A frame reached with nothing running is the tree as it was: its snapshot is the last one, so the damage
        // since any buffer holding that frame is nothing, found without walking the tree.
        let snapshot = still ?? PaintSnapshot(of: root, renderer: source.renderer, expectedCount: viewCount)
        still = snapshot
        prepared = snapshot
        viewCount = snapshot.viewCount
        return snapshot
    }

    func drawPrepared(only region: DamageRegion, into pixels: UnsafeMutableRawBufferPointer) throws {
        let f = source.format
        let bitmap = try Bitmap(wrapping: pixels, width: f.width, height: f.height)
        try source.renderer.draw(root, into: bitmap, only: region, painting: prepared)
    }
}
