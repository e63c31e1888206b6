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
        // The same selection and options as TextPainter, so measured and drawn widths agree.
        cairo_select_font_face(cr, font.family,
                               font.italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, Double(font.size))
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        var te = cairo_text_extents_t()
        cairo_text_extents(cr, text, &te)
        return CGFloat(te.x_advance)
    }
}
