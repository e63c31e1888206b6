import CCairo
import Foundation
import Geometry
import Spruce

/// Draws a view tree, as it stands, into a bitmap: the canvas is the window, so the root view is
/// placed by its own frame and transform. Points × `scale` = pixels.
public struct Renderer {
    public let size: CGSize
    public let scale: CGFloat
    /// `nil` renders on a transparent canvas.
    public var background: Color?
    /// Edge smoothing of shapes (`.good` unless a test asks for another).
    public var antialias: Antialias = .good
    /// Plain rounded tiles filled by `TileFill` (Cairo's bytes, faster); off only in tests that compare the two.
    var tileFills = true

    public private(set) var pixelWidth: Int
    public private(set) var pixelHeight: Int

    public init(size: CGSize, scale: CGFloat = 1, background: Color? = .white) throws {
        guard size.width.isFinite, size.height.isFinite else {
            throw RenderError.invalidSize("canvas size \(size.width)×\(size.height) is not finite")
        }
        guard size.width > 0, size.height > 0 else {
            throw RenderError.invalidSize("canvas size \(size.width)×\(size.height) must be positive")
        }
        guard scale.isFinite, scale > 0 else {
            throw RenderError.invalidSize("scale \(scale) must be a positive number")
        }
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        guard w >= 1, h >= 1, w <= CGFloat(Bitmap.maximumSide), h <= CGFloat(Bitmap.maximumSide) else {
            throw RenderError.invalidSize(
                "\(Checked.text(w))×\(Checked.text(h)) pixels; each side must be 1…\(Bitmap.maximumSide) (size × scale)")
        }
        (self.size, self.scale, self.background) = (size, scale, background)
        (pixelWidth, pixelHeight) = (Int(w), Int(h))
    }

    /// The same drawing on a canvas whose odd pixel sides are one pixel longer (the background, and whatever of the
    /// scene lies there): H.264 in 4:2:0 takes only even sides, and an 800×427 scene could not be an MP4 at all.
    /// The maximum side is even, so this stays within it.
    public func withEvenPixelSides() -> Renderer {
        var even = self
        (even.pixelWidth, even.pixelHeight) = (pixelWidth + pixelWidth % 2, pixelHeight + pixelHeight % 2)
        return even
    }

    /// The same drawing with each pixel side `divisor` times shorter (a scale `divisor` times smaller), every other
    /// setting kept; nil if a side would fall under one pixel.
    public func reduced(by divisor: Int) -> Renderer? {
        guard divisor >= 1, var small = try? Renderer(size: size, scale: scale / CGFloat(divisor), background: background)
        else { return nil }
        (small.antialias, small.tileFills) = (antialias, tileFills)
        return small
    }

    public func makeBitmap() throws -> Bitmap {
        try Bitmap(width: pixelWidth, height: pixelHeight)
    }

    public func render(_ view: View) throws -> Bitmap {
        let bitmap = try makeBitmap()
        try draw(view, into: bitmap)
        return bitmap
    }

    /// Draws into an existing bitmap of this renderer's pixel size, replacing what it held.
    public func draw(_ view: View, into bitmap: Bitmap) throws {
        guard bitmap.width == pixelWidth, bitmap.height == pixelHeight else {
            throw RenderError.invalidSize("bitmap is \(bitmap.width)×\(bitmap.height), renderer draws \(pixelWidth)×\(pixelHeight)")
        }
        try GeometryCheck.validate(view)
        bitmap.fill(background)
        // Painting a transparent background, Cairo marks the surface clear (its first fill then composites as SOURCE).
        try paint(view, on: bitmap, surfaceIsClear: CairoColor(background ?? .clear).alpha <= 0xFF, clipped: false) { _ in }
    }

    /// Paints the tree over what the bitmap holds, once `prepare` has set the context up (a clip, a background).
    /// `surfaceIsClear`: whether Cairo may hold the surface to be clear; `clipped`: whether `prepare` sets a clip;
    /// `unclippedRegion`: a region that the views painting outside their own pixels clip to on the way down
    /// (`TreePainter.unclippedRegion`). `TileFill` is used on neither a clear surface nor under a clip.
    func paint(_ view: View, on bitmap: Bitmap, culling: PaintCulling? = nil, surfaceIsClear: Bool, clipped: Bool,
               unclippedRegion: DamageRegion? = nil, prepare: (OpaquePointer) -> Void) throws {
        let cr = cairo_create(bitmap.surface)!
        defer { cairo_destroy(cr) }
        prepare(cr)
        cairo_set_antialias(cr, antialias.cairoValue)
        cairo_scale(cr, Double(scale), Double(scale))
        TreePainter(cr: cr, culling: culling, tileFills: !surfaceIsClear && tileFills, insideClip: clipped,
                    unclippedRegion: unclippedRegion).paint(view)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
        cairo_surface_flush(bitmap.surface)
    }
}

/// The renderer refuses trees that Cairo would draw as garbage, naming the view and the value.
enum GeometryCheck {
    static func validate(_ view: View) throws {
        // The common case without building the field list (this runs for every view of every frame): a sum
        // is finite only if every term is; an overflowing sum merely takes the detailed path below.
        let b = view.bounds, c = view.center, t = view.transform
        let sum = b.origin.x + b.origin.y + b.size.width + b.size.height + c.x + c.y + view.alpha
            + view.cornerRadius + view.borderWidth + t.a + t.b + t.c + t.d + t.tx + t.ty
        if sum.isFinite, b.size.width >= 0, b.size.height >= 0, view.cornerRadius >= 0, view.borderWidth >= 0 {
            for child in view.subviews { try validate(child) }
            return
        }
        try report(view)
    }

    /// Names the first bad field (the order of the list is the order of the messages).
    private static func report(_ view: View) throws {
        func name(_ v: View) -> String {
            let kind = String(describing: type(of: v))
            if let id = v.id { return "\(kind) '\(id)'" }
            return v.tag != 0 ? "\(kind) with tag \(v.tag)" : kind
        }
        let b = view.bounds, c = view.center, t = view.transform
        let numbers: [(String, CGFloat)] = [
            ("bounds.x", b.origin.x), ("bounds.y", b.origin.y), ("width", b.size.width), ("height", b.size.height),
            ("center.x", c.x), ("center.y", c.y), ("alpha", view.alpha),
            ("cornerRadius", view.cornerRadius), ("borderWidth", view.borderWidth),
            ("transform.a", t.a), ("transform.b", t.b), ("transform.c", t.c),
            ("transform.d", t.d), ("transform.tx", t.tx), ("transform.ty", t.ty),
        ]
        for (field, value) in numbers where !value.isFinite {
            throw RenderError.invalidGeometry("\(name(view)): \(field) is \(value)")
        }
        for (field, value) in [("width", b.size.width), ("height", b.size.height), ("cornerRadius", view.cornerRadius),
                               ("borderWidth", view.borderWidth)] where value < 0 {
            throw RenderError.invalidGeometry("\(name(view)): \(field) \(value) must not be negative")
        }
        for child in view.subviews { try validate(child) }
    }
}
