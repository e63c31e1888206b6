import CCairo
import CPixelKernels
import Foundation
import Spruce

/// Fills a plain rounded tile, byte for byte as `cairo_fill` of `TreePainter.roundedRect` would, for about two
/// thirds of Cairo's time (`spruce_fill_rounded_tile`, in C: the same flattening, scan conversion and compositing
/// in the same integers, without building a path, a polygon and span lists per tile). Tiles are most of what a
/// choreography draws.
///
/// Only where Cairo's own fill is known to take that path: the target itself (not a group) is an ARGB32 image that
/// Cairo does not hold to be clear (`surfaceIsClear` false: on a clear surface Cairo composites with SOURCE), no
/// clip, operator OVER, the winding rule, tolerance 0.1, an antialiasing that uses the 15-sub-row scan converter,
/// and corners that `cairo_arc` draws as one curve (`QuarterArc.fitsOneCurve`: a major axis up to about 366 device
/// pixels) and whose outline flattens to at most 384 lines (every such corner does: at most 260). Anything else
/// answers false without drawing, and the caller fills with Cairo. `TileFillTests` compare random tiles with Cairo's
/// fill.
enum TileFill {
    /// Fills `rect` (user space) with corners of `radius` in `color`; false, having drawn nothing, when this tile is
    /// not one it fills exactly.
    static func fill(_ rect: CGRect, radius: CGFloat, color: Color, on cr: OpaquePointer) -> Bool {
        let k = QuarterArc.radius(radius, in: rect)
        guard k > 0, let target = cairo_get_target(cr), cairo_get_group_target(cr) == target,
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, cairo_get_fill_rule(cr) == CAIRO_FILL_RULE_WINDING,
              scanConverted.contains(cairo_get_antialias(cr)),
              QuarterArc.fitsOneCurve(radius: k, on: cr) else { return false }
        let shorts = CairoColor(color)
        // A clear colour draws nothing (Cairo returns before filling).
        guard shorts.alpha > 0xFF else { return true }

        guard let data = cairo_image_surface_get_data(target) else { return false }
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        let stride = Int(cairo_image_surface_get_stride(target)) / 4
        let pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        let drawn = withUnsafeTemporaryAllocation(of: Double.self, capacity: 32) { corners in
            // The corners as `roundedRect` appends them, through the matrix as `cairo_curve_to` maps them.
            var index = 0
            func add(_ px: Double, _ py: Double) {
                var (px, py) = (px, py)
                cairo_user_to_device(cr, &px, &py)
                corners[index] = px
                corners[index + 1] = py
                index += 2
            }
            QuarterArc.corners(of: rect, radius: k) { arc, xc, yc in
                let p = arc.points(xc: xc, yc: yc, radius: k)
                add(p.start.0, p.start.1); add(p.c1.0, p.c1.1); add(p.c2.0, p.c2.1); add(p.end.0, p.end.1)
            }
            cairo_surface_flush(target)
            return spruce_fill_rounded_tile(pixels, stride, width, height, corners.baseAddress!, shorts.premultipliedPixel)
        }
        guard drawn else { return false }
        // Pixels written behind Cairo's back: this also tells it the surface is not clear.
        cairo_surface_mark_dirty(target)
        return true
    }

    /// The antialiasing modes Cairo 1.16 fills through its tor scan converter (256 × 15 samples a pixel): `fast`
    /// takes another converter and `none` no coverage at all.
    static let scanConverted = [CAIRO_ANTIALIAS_DEFAULT, CAIRO_ANTIALIAS_GOOD, CAIRO_ANTIALIAS_GRAY, CAIRO_ANTIALIAS_BEST]
}

/// A colour as Cairo holds it after `cairo_set_source_rgba`: each channel clamped to 0…1, premultiplied, in 16 bits
/// (`_cairo_color_compute_shorts`); its image pixel takes the top byte of each.
struct CairoColor {
    let alpha, red, green, blue: UInt16

    init(_ c: Color) {
        func clamped(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        func short(_ v: Double) -> UInt16 { UInt16(v * 65535.0 + 0.5) }
        let a = clamped(c.alpha)
        (alpha, red, green, blue) = (short(a), short(clamped(c.red) * a), short(clamped(c.green) * a), short(clamped(c.blue) * a))
    }

    /// Premultiplied ARGB32, alpha in the top byte.
    var premultipliedPixel: UInt32 {
        UInt32(alpha >> 8) << 24 | UInt32(red >> 8) << 16 | UInt32(green >> 8) << 8 | UInt32(blue >> 8)
    }
}
