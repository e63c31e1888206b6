import CCairo
import Foundation
import Spruce

extension Renderer {
    /// Redraws only `region` of a bitmap that holds an earlier frame of the same tree: the background and every
    /// view are painted as in `draw(_:into:)`, clipped to the region's whole pixels. Inside the region the pixels
    /// are those of a full redraw (the clip is pixel-aligned, so Cairo composites each pixel exactly as without
    /// it; `DamageTrackingTests` compares every frame of the example scenes); outside it nothing is written.
    /// An empty region costs nothing but the geometry check.
    ///
    /// - Parameter snapshot: `PaintSnapshot(of: view, renderer: self)` as the tree stands, when at hand: subtrees
    ///   that paint nothing inside the region are then skipped instead of being clipped away.
    public func draw(_ view: View, into bitmap: Bitmap, only region: DamageRegion, painting snapshot: PaintSnapshot? = nil) throws {
        if region.coversCanvas { return try draw(view, into: bitmap) }
        guard bitmap.width == pixelWidth, bitmap.height == pixelHeight,
              region.width == pixelWidth, region.height == pixelHeight else {
            throw RenderError.invalidSize("bitmap is \(bitmap.width)×\(bitmap.height), region \(region.width)×\(region.height), renderer draws \(pixelWidth)×\(pixelHeight)")
        }
        // A snapshot of the tree as it stands has seen every number the check reads.
        if snapshot?.geometryIsValid != true { try GeometryCheck.validate(view) }
        guard !region.isEmpty else { return }
        // The background, the bytes `Bitmap.fill` writes, inside the region only, written without Cairo (a tenth of
        // this path's time went to pixman's fill through the clip); Cairo is then never told the surface is clear.
        bitmap.fill(region.rects, with: CairoColor(background ?? .clear).premultipliedPixel)
        guard let snapshot else {
            // Without a snapshot no view is known to paint inside the region: everything is drawn under its clip.
            return try paint(view, on: bitmap, surfaceIsClear: false, clipped: true) { cr in
                TreePainter.clip(cr, to: region, within: nil)
            }
        }
        // The region is clipped to only where a view paints outside it (`TreePainter.unclippedRegion`).
        try paint(view, on: bitmap, culling: PaintCulling(snapshot: snapshot, region: region), surfaceIsClear: false,
                  clipped: false, unclippedRegion: region) { _ in }
    }
}
