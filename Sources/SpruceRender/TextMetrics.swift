import CCairo
import Foundation
import Spruce

/// How wide a line of text draws, with the same font selection and options as the renderer's labels,
/// so layouts built from views (charts, contact sheets) can size themselves to their text.
public enum TextMetrics {
    /// The advance width of one line in points.
    public static func width(of text: String, font: Font) -> CGFloat {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        TextPainter.select(font, on: cr)
        var te = cairo_text_extents_t()
        cairo_text_extents(cr, CairoText.drawable(text), &te)
        return CGFloat(te.x_advance)
    }
}
