import CCairo
import Foundation
import Spruce

/// Text through Cairo's font API, resolved by fontconfig to a real system font (DejaVu Sans by default).
/// Grey-scale anti-aliasing and unhinted metrics keep glyphs identical at every scale and in video.
struct TextPainter {
    let cr: OpaquePointer

    /// The largest glyphs FreeType is asked for, in device pixels: it fails on a size of 2¹⁶ pixels or more (a
    /// 10000-point label at 8× scale), which the scene's limits allow.
    static let largestGlyphPixels: Double = 16384

    func paint(_ label: Label, largestGlyphPixels: Double = TextPainter.largestGlyphPixels) {
        guard label.textColor.alpha > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let c = label.textColor
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        let reduction = (Self.devicePixels(of: label.font.size, on: cr) / largestGlyphPixels).rounded(.up)
        guard reduction > 1, reduction.isFinite else {
            TextPainter.layOut(label, on: cr) { line, x, baseline in
                cairo_move_to(cr, x, baseline)
                cairo_show_text(cr, line)
            }
            return
        }
        // Larger glyphs: the outlines of the text laid out `reduction` times smaller (metrics are unhinted, so they
        // scale exactly), then grown back as a path and filled.
        TextPainter.layOut(label, on: cr, reduction: reduction) { line, x, baseline in
            cairo_move_to(cr, x, baseline)
            cairo_text_path(cr, line)
        }
        guard let path = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(path) }
        cairo_new_path(cr)
        cairo_save(cr)
        cairo_scale(cr, reduction, reduction)
        cairo_append_path(cr, path)
        cairo_restore(cr)
        cairo_fill(cr)
    }

    /// The device pixels `size` points span on `cr`, along the longer of its two axes.
    static func devicePixels(of size: CGFloat, on cr: OpaquePointer) -> Double {
        var (ax, ay, bx, by) = (Double(size), 0.0, 0.0, Double(size))
        cairo_user_to_device_distance(cr, &ax, &ay)
        cairo_user_to_device_distance(cr, &bx, &by)
        return max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
    }

    /// Selects the label's font on `cr` and calls `body` with each line of its text and where that line
    /// starts (x, baseline) in the label's bounds: lines centred as a block, each aligned on its own; a scalar Cairo
    /// cannot draw shows as U+FFFD (`CairoText`).
    /// Drawing and outlining (`TextOutline`) share it, so both place glyphs alike. With `reduction`, the font
    /// and the bounds are that many times smaller.
    static func layOut(_ label: Label, on cr: OpaquePointer, reduction: Double = 1, _ body: (String, Double, Double) -> Void) {
        guard let text = label.text.map(CairoText.drawable), !text.isEmpty else { return }
        var font = label.font
        font.size /= CGFloat(reduction)
        select(font, on: cr)
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = label.bounds, r = CGFloat(reduction)
        let box = reduction == 1 ? b : CGRect(x: b.minX / r, y: b.minY / r, width: b.width / r, height: b.height / r)
        let lineHeight = fe.height
        var baseline = Double(box.midY) - lineHeight * Double(lines.count) / 2 + fe.ascent
        for line in lines {
            var te = cairo_text_extents_t()
            cairo_text_extents(cr, line, &te)
            let x: Double
            switch label.textAlignment {
            case .left: x = Double(box.minX)
            case .center: x = Double(box.midX) - te.x_advance / 2
            case .right: x = Double(box.maxX) - te.x_advance
            }
            body(line, x, baseline)
            baseline += lineHeight
        }
    }

    /// Selects `font` with the options every text in this project uses; measuring and drawing must agree. Text and
    /// families go to Cairo as `CairoText.drawable` makes them.
    static func select(_ font: Font, on cr: OpaquePointer) {
        cairo_select_font_face(cr, CairoText.drawable(font.family),
                               font.italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, Double(font.size))
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
    }
}
