import Foundation
import Spruce

/// What a renderer would paint for a view tree as it stands: every view's own paint state (its transform in its
/// superview, bounds, alpha, colours, border, clipping, text or image), in painting order, with the device pixels
/// it can touch. Two snapshots of the same tree give the damage between their frames: the old and new pixels of
/// every view whose state, or whose ancestors' state, differs (`damage(since:)`). Immutable, so a snapshot can
/// travel with the buffer holding its frame from one drawing thread to another.
public final class PaintSnapshot: @unchecked Sendable {
    public let width: Int
    public let height: Int
    let scale: CGFloat
    let background: Color?
    let records: [PaintRecord]
    /// Every number the renderer checks (`GeometryCheck`) is finite and every size non-negative: then the check
    /// passes for this tree and a redraw of it need not walk the tree again to run it.
    let geometryIsValid: Bool

    /// The state of `root` as `renderer` would draw it now.
    ///
    /// - Parameter expectedCount: the number of views the tree is likely to hold (an earlier snapshot's
    ///   `viewCount`), so the records are allocated once.
    public init(of root: View, renderer: Renderer, expectedCount: Int = 0) {
        (width, height, scale, background) = (renderer.pixelWidth, renderer.pixelHeight, renderer.scale, renderer.background)
        var records: [PaintRecord] = []
        records.reserveCapacity(max(0, min(expectedCount, 1 << 20)))
        let canvas = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        PaintSnapshot.record(root, parent: -1, device: CGAffineTransform(scaleX: renderer.scale, y: renderer.scale),
                             visible: true, clip: canvas, clipped: false, canvas: canvas, into: &records)
        self.records = records
        geometryIsValid = records.allSatisfy { $0.key.passesGeometryCheck }
    }

    /// Number of views recorded (the whole tree, hidden views included).
    public var viewCount: Int { records.count }

    /// The pixels that may differ between the frame `earlier` shows and this one: the union of the old and new
    /// pixels of every view that changed (a view changes with its own state or with any ancestor's). The whole
    /// canvas when there is no earlier snapshot or the trees differ in shape, size or background.
    ///
    /// `alignedToEvenPixels`: each rectangle grown to the 2x2 blocks its pixels touch before the union, for a 4:2:0
    /// conversion, which converts whole blocks. The region's rectangles then share no block; growing them after the
    /// union would convert the blocks astride a band edge on an odd row twice (4 % of the 1080p example's).
    public func damage(since earlier: PaintSnapshot?, alignedToEvenPixels: Bool = false) -> DamageRegion {
        // The same snapshot: a frame the tree reached without anything running reuses the one before it.
        if earlier === self { return .nothing(width: width, height: height) }
        let everything = DamageRegion.everything(width: width, height: height)
        guard let earlier, earlier.width == width, earlier.height == height, earlier.scale == scale,
              earlier.background == background, earlier.records.count == records.count else { return everything }
        var changed = [Bool](repeating: false, count: records.count)
        var rects: [PixelRect] = []
        // Read in place, through pointers: copying each record (and retaining what its key holds) cost more than
        // comparing it.
        let shapeMatches = earlier.records.withUnsafeBufferPointer { older in
            records.withUnsafeBufferPointer { newer in
                for i in newer.indices {
                    let was = older.baseAddress! + i, now = newer.baseAddress! + i
                    guard was.pointee.kind == now.pointee.kind, was.pointee.parent == now.pointee.parent else { return false }
                    let parent = now.pointee.parent
                    let isChanged = (parent >= 0 && changed[parent]) || !PaintKey.same(was, now)
                    changed[i] = isChanged
                    guard isChanged else { continue }
                    // A tile that grows or shrinks in place holds its other box: one rectangle for the region.
                    let (old, new) = (was.pointee.box, now.pointee.box)
                    if old.contains(new) {
                        if !old.isEmpty { rects.append(old) }
                    } else if new.contains(old) {
                        rects.append(new)
                    } else {
                        if !old.isEmpty { rects.append(old) }
                        rects.append(new)
                    }
                }
                return true
            }
        }
        guard shapeMatches else { return everything }
        if alignedToEvenPixels { for i in rects.indices { rects[i] = rects[i].alignedToEvenPixels } }
        let region = DamageRegion(width: width, height: height, union: rects)
        if !region.isEmpty, earlier.clipDependentViewsIn(region) || clipDependentViewsIn(region) { return everything }
        return region
    }

    /// Whether a view whose pixels depend on the clip (see `PaintRecord.dependsOnClip`) paints inside the
    /// region: clipping to the damage would size that group differently, and Cairo then rounds its anti-aliased
    /// edges differently (1–2 levels on a few pixels, seen with rotated tiles and with faded cells that have
    /// subviews), so such a frame is drawn whole.
    private func clipDependentViewsIn(_ region: DamageRegion) -> Bool {
        records.contains { record in
            record.dependsOnClip && region.rects.contains { !$0.intersection(record.subtree).isEmpty }
        }
    }

    /// Pre-order, as `TreePainter` paints: a parent's record comes before its children's.
    private static func record(_ view: View, parent: Int, device parentDevice: CGAffineTransform, visible parentVisible: Bool,
                               clip: PixelRect, clipped: Bool, canvas: PixelRect, into records: inout [PaintRecord]) {
        let local = view.transformToSuperview
        let device = local.concatenating(parentDevice)
        let visible = parentVisible && !view.isHidden && view.alpha > 0
        var box = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var childClip = clip
        let plain = type(of: view) == View.self
        if visible {
            box = pixels(covering: view.bounds, device, canvas: canvas)
            if !plain, let imageView = view as? ImageView, !view.clipsToBounds, let image = imageView.image {
                let drawn = pixels(covering: imageView.imageRect(for: image), device, canvas: canvas)
                box = box.union(drawn)
            }
            // Unclipped text can reach past its bounds by any amount (long lines, big fonts): the whole canvas.
            if !plain, let label = view as? Label, !view.clipsToBounds, label.text?.isEmpty == false { box = canvas }
            if view.clipsToBounds { childClip = clip.intersection(box) }
            box = box.intersection(clip)
        }
        let index = records.count
        // As `TreePainter.paintsInsideBounds` decides, on the same matrix product Cairo computes.
        let hasContent = SinglePaint.hasContent(view)
        let rotated = device.b != 0 || device.c != 0
        let dependsOnClip = visible && view.alpha < 1
            && (SinglePaint(of: view) != nil ? rotated : !(view.clipsToBounds || !hasContent) || rotated)
        records.append(PaintRecord(kind: ObjectIdentifier(type(of: view)), parent: parent, key: PaintKey(view, local: local),
                                   box: box, subtree: box, end: index + 1, dependsOnClip: dependsOnClip,
                                   clippedByAncestor: clipped))
        var subtree = box
        for child in view.subviews {
            let childIndex = records.count
            record(child, parent: index, device: device, visible: visible, clip: childClip,
                   clipped: clipped || view.clipsToBounds, canvas: canvas, into: &records)
            subtree = subtree.union(records[childIndex].subtree)
        }
        records[index].subtree = subtree
        records[index].end = records.count
    }

    /// The device pixels a rectangle in view coordinates can touch, one pixel wider on every side than its
    /// transformed bounding box (anti-aliasing never reaches further), clamped to the canvas; the whole canvas
    /// when the geometry is not finite (the renderer then refuses the frame anyway).
    private static func pixels(covering r: CGRect, _ t: CGAffineTransform, canvas: PixelRect) -> PixelRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        @inline(__always) func corner(_ u: CGFloat, _ v: CGFloat) {
            let x = Double(t.a * u + t.c * v + t.tx), y = Double(t.b * u + t.d * v + t.ty)
            (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
        }
        corner(r.minX, r.minY); corner(r.maxX, r.minY); corner(r.minX, r.maxY); corner(r.maxX, r.maxY)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return canvas }
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, -1), Double(limit) + 1)) }
        return PixelRect(x0: clamp(x0.rounded(.down) - 1, canvas.x1), y0: clamp(y0.rounded(.down) - 1, canvas.y1),
                         x1: clamp(x1.rounded(.up) + 1, canvas.x1), y1: clamp(y1.rounded(.up) + 1, canvas.y1))
            .intersection(canvas)
    }
}

/// One view; views are matched between snapshots by their place in the tree and their class, not by identity,
/// so that snapshots of the same scene built by different drawing threads compare.
struct PaintRecord {
    let kind: ObjectIdentifier
    let parent: Int
    let key: PaintKey
    /// Device pixels the view itself can paint (not its subviews), inside its clipping ancestors; empty when
    /// neither it nor its subtree is painted.
    let box: PixelRect
    /// `box` and every descendant's.
    var subtree: PixelRect
    /// The index after the last descendant's record.
    var end: Int
    /// Faded, and drawn so that its pixels depend on the clip they are drawn in: through a group not clipped to
    /// its own pixels first (the group is as big as the clip), or as one rotated shape with its alpha in the colour
    /// (`SinglePaint`; Cairo rounds a translucent rotated edge differently when the damage's boxes clip it).
    let dependsOnClip: Bool
    /// Some ancestor clips to its bounds (a shape the pixel box does not describe).
    let clippedByAncestor: Bool
}

/// Everything of one view that `TreePainter` reads, compared bit for bit.
struct PaintKey: Equatable {
    let transform: CGAffineTransform
    let x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat
    let alpha: CGFloat
    let isHidden: Bool
    let backgroundColor: Color?
    let cornerRadius: CGFloat
    let borderWidth: CGFloat
    let borderColor: Color
    let clipsToBounds: Bool
    /// A plain `View` (no text or image): `content` is then `.plain` and need not be compared.
    let isPlain: Bool
    let content: Content

    enum Content: Equatable {
        case plain
        case label(String?, Font, Color, TextAlignment)
        case image(Image?, ContentMode)
    }

    /// The keys of two records, compared where they lie, field by field: `==` on the whole key copied both keys
    /// out of the records (retaining a label's text and font) for every view of every frame. Numbers compare as
    /// `==` does (so -0 equals 0 and NaN differs from itself, as for the synthesized `==`); the content only when
    /// one of the two is not a plain view.
    static func same(_ a: UnsafePointer<PaintRecord>, _ b: UnsafePointer<PaintRecord>) -> Bool {
        let ta = a.pointee.key.transform, tb = b.pointee.key.transform
        guard ta.a == tb.a, ta.b == tb.b, ta.c == tb.c, ta.d == tb.d, ta.tx == tb.tx, ta.ty == tb.ty,
              a.pointee.key.x == b.pointee.key.x, a.pointee.key.y == b.pointee.key.y,
              a.pointee.key.width == b.pointee.key.width, a.pointee.key.height == b.pointee.key.height,
              a.pointee.key.alpha == b.pointee.key.alpha, a.pointee.key.isHidden == b.pointee.key.isHidden,
              a.pointee.key.cornerRadius == b.pointee.key.cornerRadius,
              a.pointee.key.borderWidth == b.pointee.key.borderWidth,
              a.pointee.key.clipsToBounds == b.pointee.key.clipsToBounds,
              a.pointee.key.isPlain == b.pointee.key.isPlain,
              a.pointee.key.borderColor == b.pointee.key.borderColor,
              a.pointee.key.backgroundColor == b.pointee.key.backgroundColor
        else { return false }
        return a.pointee.key.isPlain || a.pointee.key.content == b.pointee.key.content
    }

    /// What `GeometryCheck` requires of the view: finite numbers, non-negative sizes. The local transform holds
    /// the view's `transform` (its linear part as is) and its `center` (in the translation), so it is finite only
    /// if they are.
    var passesGeometryCheck: Bool {
        let t = transform
        let sum = t.a + t.b + t.c + t.d + t.tx + t.ty + x + y + width + height + alpha + cornerRadius + borderWidth
        return sum.isFinite && width >= 0 && height >= 0 && cornerRadius >= 0 && borderWidth >= 0
    }

    init(_ view: View, local: CGAffineTransform) {
        transform = local
        let b = view.bounds
        (x, y, width, height) = (b.origin.x, b.origin.y, b.size.width, b.size.height)
        (alpha, isHidden, backgroundColor) = (view.alpha, view.isHidden, view.backgroundColor)
        (cornerRadius, borderWidth, borderColor, clipsToBounds) = (view.cornerRadius, view.borderWidth, view.borderColor, view.clipsToBounds)
        isPlain = type(of: view) == View.self
        if isPlain {
            content = .plain  // the common case, without two dynamic casts
        } else if let label = view as? Label {
            content = .label(label.text, label.font, label.textColor, label.textAlignment)
        } else if let imageView = view as? ImageView {
            content = .image(imageView.image, imageView.contentMode)
        } else {
            content = .plain
        }
    }
}
