import CCairo
import Foundation
import Spruce

/// Paints one view and its subtree in Core Animation's order: background, content, sublayers
/// (clipped when `clipsToBounds`), then the border on top. Alpha below 1 paints the whole subtree
/// into a group first and composites it once, so overlapping children do not show through each other; a view
/// that paints a single shape (`SinglePaint`) needs no group and gets its alpha in the shape's colour.
struct TreePainter {
    let cr: OpaquePointer
    /// When only a damaged region is drawn: skips the subtrees that paint nothing inside it.
    var culling: PaintCulling?
    /// Whether plain rounded tiles may be filled by `TileFill` where nothing clips them: false while Cairo may hold
    /// the surface to be clear (it then composites the first fill differently).
    var tileFills = false
    /// Under a clip: the damaged region's, or an ancestor's `clipsToBounds`.
    var insideClip = false
    /// Redrawing a damaged region that is not clipped to yet: the first view on the way down that paints pixels
    /// outside its own, or its own outside the region, clips its subtree to the region there. Views whose pixels
    /// all lie inside the region (most tiles of a frame) then paint with no clip at all, and Cairo never builds
    /// one from the region's many boxes, nor copies it at every save.
    var unclippedRegion: DamageRegion?

    func paint(_ view: View) {
        let index = culling?.enter(view)
        defer { if let index { culling?.leave(index) } }
        if let index, culling?.touchesRegion(index) == false { return }
        guard !view.isHidden, view.alpha > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        var m = cairoMatrix(view.transformToSuperview)
        cairo_transform(cr, &m)
        let single = SinglePaint(of: view)
        // Redrawing a damaged region: whether every pixel the view itself can paint lies in it (asked once a view).
        let ownPixelsInside = index.map { culling?.ownPixelsInsideRegion($0) == true } ?? false
        if let region = unclippedRegion, paintsItself(view, single),
           !staysInside(view, ownPixelsInside: ownPixelsInside, single: single) {
            var clipped = self
            TreePainter.clip(cr, to: region, within: index.flatMap { culling?.subtreePixels($0) })
            (clipped.unclippedRegion, clipped.insideClip) = (nil, true)
            return clipped.paintClipped(view, ownPixelsInside: ownPixelsInside, single: single)
        }
        paintClipped(view, ownPixelsInside: ownPixelsInside, single: single)
    }

    /// Whether painting the view itself draws (a shape, a background, a border, text, an image) or composites a
    /// group; a plain container of subviews paints nothing of its own.
    private func paintsItself(_ view: View, _ single: SinglePaint?) -> Bool {
        if let single {
            if case .nothing = single { return false }
            return true
        }
        return view.alpha < 1 || view.backgroundColor.map { $0.alpha > 0 } == true
            || (view.borderWidth > 0 && view.borderColor.alpha > 0) || SinglePaint.drawsTextOrImage(view)
    }

    /// Whether what the view paints itself lies in the damaged region with no clip: its own pixels are all in
    /// it, and a group it composites is clipped to those pixels.
    private func staysInside(_ view: View, ownPixelsInside: Bool, single: SinglePaint?) -> Bool {
        ownPixelsInside && (single != nil || view.alpha >= 1 || paintsInsideBounds(view))
    }

    /// Clips `cr` to the region's boxes inside `box` (the whole region without it), in device pixels, whatever its
    /// matrix.
    static func clip(_ cr: OpaquePointer, to region: DamageRegion, within box: PixelRect?) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for rect in region.rects {
            let r = box.map { rect.intersection($0) } ?? rect
            guard !r.isEmpty else { continue }
            cairo_rectangle(cr, Double(r.x0), Double(r.y0), Double(r.x1 - r.x0), Double(r.y1 - r.y0))
        }
        cairo_clip(cr)
        cairo_set_matrix(cr, &matrix)
    }

    /// The view, its save and transform done, under whatever clip applies to it.
    private func paintClipped(_ view: View, ownPixelsInside: Bool, single: SinglePaint?) {
        if let single {
            // One shape and nothing else: a faded one gets its opacity in the colour instead of a group (below).
            // Redrawing a damaged region that holds all of the view's pixels, the shape needs no clip at all: it
            // paints only those pixels, as in a full redraw, and Cairo fills on its unclipped path instead of
            // against the region's many boxes.
            var unclipped = !insideClip
            if ownPixelsInside { cairo_reset_clip(cr); unclipped = true }
            paint(single, of: view, alpha: view.alpha, unclipped: unclipped)
            return
        }
        let grouped = view.alpha < 1
        if grouped {
            if paintsInsideBounds(view) {
                // Redrawing a damaged region: when the view's own pixels all lie in it, the clip is those pixels
                // alone, one box instead of the region's many (the same pixels, so the same bytes; Cairo composites
                // a one-box clip on its fast path).
                if ownPixelsInside { cairo_reset_clip(cr) }
                clipToPixelsCovering(view.bounds)
            }
            cairo_push_group(cr)
        }
        paintContents(of: view)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, Double(view.alpha))
        }
    }

    /// True when nothing the view paints can leave its bounds (background and border always stay inside;
    /// subviews, text and images only when clipped) and the view is axis-aligned on the canvas.
    /// Rotated views keep the canvas-sized group: with a rotation, a fractional scale and a border together,
    /// a tile-sized group moved a handful of anti-aliased edge pixels by 1–2 levels (Cairo rounds the
    /// group's device offset into the edges), and frames must not change.
    private func paintsInsideBounds(_ view: View) -> Bool {
        guard view.clipsToBounds || !SinglePaint.hasContent(view) else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return m.xy == 0 && m.yx == 0
    }

    /// Clips to the whole device pixels that `box` (in the current user space) touches. Cairo sizes a group
    /// by the clip, so a faded tile gets a tile-sized group instead of a canvas-sized one (clearing and
    /// compositing a whole 1080p canvas per tile was most of the frame time). Every pixel the group could
    /// paint is inside, and outside it the group was transparent, which leaves the canvas unchanged: the
    /// frame is byte for byte the same.
    private func clipToPixelsCovering(_ box: CGRect) {
        // The corners through the current matrix, as `cairo_user_to_device` maps them (no arrays: this runs for
        // every faded view of every frame).
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        @inline(__always) func corner(_ u: CGFloat, _ v: CGFloat) {
            var x = Double(u), y = Double(v)
            cairo_user_to_device(cr, &x, &y)
            (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
        }
        corner(box.minX, box.minY); corner(box.maxX, box.minY); corner(box.minX, box.maxY); corner(box.maxX, box.maxY)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, x0.rounded(.down), y0.rounded(.down), x1.rounded(.up) - x0.rounded(.down), y1.rounded(.up) - y0.rounded(.down))
        cairo_clip(cr)
        cairo_set_matrix(cr, &matrix)
    }

    /// A faded view that paints one shape is drawn straight onto the canvas with its opacity multiplied into the
    /// colour, as browsers flatten the opacity of a layer with one drawing: compositing a group of one shape with
    /// alpha a gives the same colour up to rounding, and costs no group surface to clear, fill and composite.
    /// Faded tiles are most of what a choreography draws. Against the group, on four frames of the example grid,
    /// 0.6–4.8 % of the pixels differ, each channel by one level of 255 (two on two channels in 8 million).
    /// With nothing clipping the view, a plain tile is filled by `TileFill` (the same bytes, faster).
    private func paint(_ single: SinglePaint, of view: View, alpha: CGFloat, unclipped: Bool) {
        func faded(_ color: Color) -> Color { alpha < 1 ? color.withAlphaComponent(color.alpha * Double(alpha)) : color }
        switch single {
        case .nothing: return
        case .background(let color):
            let color = faded(color)
            if tileFills, unclipped, TileFill.fill(view.bounds, radius: view.cornerRadius, color: color, on: cr) { return }
            fillBackground(of: view, color)
        case .border(let color): strokeBorder(of: view, faded(color))
        }
    }

    private func fillBackground(of view: View, _ color: Color) {
        roundedRect(view.bounds, radius: view.cornerRadius)
        setSource(color)
        cairo_fill(cr)
    }

    private func strokeBorder(of view: View, _ color: Color) {
        let box = view.bounds
        let w = min(view.borderWidth, box.width / 2, box.height / 2)
        roundedRect(box.insetBy(dx: w / 2, dy: w / 2), radius: max(0, view.cornerRadius - w / 2))
        setSource(color)
        cairo_set_line_width(cr, Double(w))
        cairo_stroke(cr)
    }

    private func paintContents(of view: View) {
        if let bg = view.backgroundColor, bg.alpha > 0 { fillBackground(of: view, bg) }
        // A clip with nothing under it changes no pixel; skipping it spares every plain tile a second
        // rounded path.
        if SinglePaint.hasContent(view) {
            cairo_save(cr)
            if view.clipsToBounds {
                roundedRect(view.bounds, radius: view.cornerRadius)
                cairo_clip(cr)
            }
            if let label = view as? Label { TextPainter(cr: cr).paint(label) }
            if let imageView = view as? ImageView { paintImage(of: imageView) }
            var inner = self
            inner.insideClip = insideClip || view.clipsToBounds
            for child in view.subviews { inner.paint(child) }
            cairo_restore(cr)
        }
        if view.borderWidth > 0, view.borderColor.alpha > 0 { strokeBorder(of: view, view.borderColor) }
    }

    private func paintImage(of view: ImageView) {
        guard let image = view.image, image.pixelWidth > 0, image.pixelHeight > 0 else { return }
        let target = view.imageRect(for: image)
        guard target.width > 0, target.height > 0 else { return }
        image.pixels.withUnsafeBufferPointer { buffer in
            // Cairo only reads a source surface; the pointer is valid for the closure's duration.
            let data = UnsafeMutablePointer(mutating: buffer.baseAddress!)
            let source = cairo_image_surface_create_for_data(
                data, CAIRO_FORMAT_ARGB32, Int32(image.pixelWidth), Int32(image.pixelHeight),
                Int32(image.pixelWidth * 4))!
            defer { cairo_surface_destroy(source) }
            cairo_save(cr)
            cairo_rectangle(cr, Double(target.minX), Double(target.minY), Double(target.width), Double(target.height))
            cairo_clip(cr)
            cairo_translate(cr, Double(target.minX), Double(target.minY))
            cairo_scale(cr, Double(target.width) / Double(image.pixelWidth), Double(target.height) / Double(image.pixelHeight))
            cairo_set_source_surface(cr, source, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    private func setSource(_ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    /// A rectangle whose corners are quarter circles, as CALayer draws `cornerRadius`.
    func roundedRect(_ r: CGRect, radius: CGFloat) {
        let x = Double(r.minX), y = Double(r.minY), w = Double(r.width), h = Double(r.height)
        let k = QuarterArc.radius(radius, in: r)
        cairo_new_path(cr)
        guard k > 0 else { cairo_rectangle(cr, x, y, w, h); return }
        if QuarterArc.fitsOneCurve(radius: k, on: cr) {
            // `cairo_arc`'s own path for small corners (most tiles), built without its per-call work.
            QuarterArc.corners(of: r, radius: k) { arc, xc, yc in arc.append(to: cr, xc: xc, yc: yc, radius: k) }
        } else {
            cairo_arc(cr, x + w - k, y + k, k, -.pi / 2, 0)
            cairo_arc(cr, x + w - k, y + h - k, k, 0, .pi / 2)
            cairo_arc(cr, x + k, y + h - k, k, .pi / 2, .pi)
            cairo_arc(cr, x + k, y + k, k, .pi, 3 * .pi / 2)
        }
        cairo_close_path(cr)
    }
}

/// CoreGraphics (a, b, c, d, tx, ty) and Cairo (xx, yx, xy, yy, x0, y0) store the same row-vector matrix.
func cairoMatrix(_ t: CGAffineTransform) -> cairo_matrix_t {
    cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
}
