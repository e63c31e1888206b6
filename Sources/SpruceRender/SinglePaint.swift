import Spruce

/// What a view without subviews, text or image paints: nothing, its background, or its border. Such a view,
/// faded, is painted with its opacity multiplied into the colour instead of through a group (`TreePainter`), and
/// `PaintSnapshot` must know it, since only groups depend on the clip they are drawn in.
enum SinglePaint {
    case nothing
    case background(Color)
    case border(Color)

    /// Nil when the view has content or paints both a background and a border (the border covers the background,
    /// so the two must be composited together before fading).
    init?(of view: View) {
        guard !SinglePaint.hasContent(view) else { return nil }
        let background = view.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let border = view.borderWidth > 0 && view.borderColor.alpha > 0 ? view.borderColor : nil
        switch (background, border) {
        case (nil, nil): self = .nothing
        case let (background?, nil): self = .background(background)
        case let (nil, border?): self = .border(border)
        default: return nil
        }
    }

    /// Subviews, text or an image: what `clipsToBounds` clips.
    static func hasContent(_ view: View) -> Bool {
        !view.subviews.isEmpty || drawsTextOrImage(view)
    }

    /// A label or an image view: content drawn by the view itself.
    static func drawsTextOrImage(_ view: View) -> Bool {
        type(of: view) != View.self && (view is Label || view is ImageView)
    }
}
