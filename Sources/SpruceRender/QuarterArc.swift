import CCairo
import Foundation

/// A quarter circle appended to Cairo's path as the very commands `cairo_arc` appends for it when one Bézier
/// segment is within the tolerance, without `cairo_arc`'s per-call work (sines and cosines, a tangent, the
/// transformed circle's major axis and its segment count: a third of the cost of building a tile's path).
///
/// For a quarter arc, `cairo_arc` adds a line to the arc's start (twice: once for the arc, once for its first
/// segment, the second a degenerate line Cairo keeps only after a move), then one curve whose control points are
/// `radius · (cos, sin)` of both ends moved along the tangents by `h = 4/3 · tan(sweep / 4)`. Here the same
/// formulas run on the same numbers (the sines and cosines of the same angles, from the same libm, computed
/// once), so the path holds the same fixed-point coordinates and the pixels are the same bytes
/// (`QuarterArcTests` compares the paths and the pixels with `cairo_arc`'s).
///
/// One segment is what Cairo chooses for a quarter up to a major axis of about 366 device pixels at the default
/// tolerance of 0.1: `fitsOneCurve` makes Cairo's own test. Bigger corners take `cairo_arc` itself.
struct QuarterArc {
    private let cosStart: Double, sinStart: Double, cosEnd: Double, sinEnd: Double
    private let h: Double
    /// `end - start`, as `cairo_arc` computes the sweep it divides into segments.
    private let sweep: Double

    private init(_ start: Double, _ end: Double) {
        (cosStart, sinStart, cosEnd, sinEnd) = (cos(start), sin(start), cos(end), sin(end))
        sweep = end - start
        h = 4.0 / 3.0 * tan(sweep / 4.0)
    }

    /// The four corners of `TreePainter.roundedRect`, clockwise from the top right, with its angles.
    static let topRight = QuarterArc(-.pi / 2, 0)
    static let bottomRight = QuarterArc(0, .pi / 2)
    static let bottomLeft = QuarterArc(.pi / 2, .pi)
    static let topLeft = QuarterArc(.pi, 3 * .pi / 2)

    /// Whether `cairo_arc` draws a quarter circle of `radius` (user space) under the current matrix as one curve:
    /// Cairo's own test, on the same numbers (`_arc_segments_needed`). It measures the transformed circle's major
    /// axis, looks up the widest angle whose one-segment error is below `tolerance / majorAxis` in its table
    /// (a half circle, error 0.0185…; a quarter, 0.000273…; then smaller ones) and draws
    /// `ceil(sweep / angle)` segments. So a quarter is one curve up to a major axis of 366 device pixels, the corner
    /// of about any tile, and `TileFill` fills every such corner. (A bound by the matrix's Frobenius norm and the
    /// half-circle row alone would stop at 5 pixels: at `canvas.scale` 2 no corner of 2 points would take the
    /// shortcut, and no tile of a 4K film the exact fill.) A billionth is spared on each error, so that a build of
    /// Cairo whose compiler fused its multiply-adds (arm64) cannot decide otherwise at a boundary: there this
    /// answers false, and `cairo_arc` draws.
    static func fitsOneCurve(radius: Double, on cr: OpaquePointer) -> Bool {
        guard cairo_get_tolerance(cr) == 0.1 else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return fitsOneCurve(radius: radius, m)
    }

    /// The same under the matrix `m`, at Cairo's default tolerance of 0.1.
    static func fitsOneCurve(radius: Double, _ m: cairo_matrix_t) -> Bool {
        let normalized = 0.1 / majorAxis(radius: radius, m)
        return halfCircleError * (1 + 1e-9) < normalized || (quarterError * (1 + 1e-9) < normalized && quartersFitOneCurve)
    }

    /// The errors of one Bézier segment over half and a quarter of a circle of radius 1, as Cairo's table gives
    /// them (`_arc_max_angle_for_tolerance_normalized`).
    static let halfCircleError = 0.0185185185185185036127, quarterError = 0.000272567143730179811158

    /// Whether each corner's sweep, divided by the quarter row's angle, rounds up to one segment (it does: every
    /// sweep is exactly π/2 in doubles).
    static let quartersFitOneCurve = [topRight, bottomRight, bottomLeft, topLeft]
        .allSatisfy { ($0.sweep / (Double.pi / 2.0)).rounded(.up) == 1 }

    /// `_cairo_matrix_transformed_circle_major_axis`, operation for operation.
    static func majorAxis(radius: Double, _ m: cairo_matrix_t) -> Double {
        if hasUnitScale(m) { return radius }
        let i = m.xx * m.xx + m.yx * m.yx, j = m.xy * m.xy + m.yy * m.yy
        let f = 0.5 * (i + j), g = 0.5 * (i - j), h = m.xx * m.xy + m.yx * m.yy
        return radius * (f + hypot(g, h)).squareRoot()
    }

    /// `_cairo_matrix_has_unity_scale`: a determinant of ±1 and an axis-aligned or axis-swapping matrix, each
    /// within one 24.8 fixed-point step.
    private static func hasUnitScale(_ m: cairo_matrix_t) -> Bool {
        let epsilon = 1.0 / 256, det = m.xx * m.yy - m.yx * m.xy
        guard abs(det * det - 1.0) < epsilon else { return false }
        return (abs(m.xy) < epsilon && abs(m.yx) < epsilon) || (abs(m.xx) < epsilon && abs(m.yy) < epsilon)
    }

    /// The radius of the corners `TreePainter.roundedRect` draws for `r`: `radius`, at most half of either side.
    static func radius(_ radius: CGFloat, in r: CGRect) -> Double {
        min(Double(radius), Double(r.width) / 2, Double(r.height) / 2)
    }

    /// The four corners of a rounded `r` with corners of radius `k`, in the order its path runs (clockwise from
    /// the top right, as `TreePainter.roundedRect` appends them and `spruce_fill_rounded_tile` reads them), each
    /// with its centre.
    static func corners(of r: CGRect, radius k: Double, _ body: (QuarterArc, _ xc: Double, _ yc: Double) -> Void) {
        let x = Double(r.minX), y = Double(r.minY), w = Double(r.width), h = Double(r.height)
        body(.topRight, x + w - k, y + k)
        body(.bottomRight, x + w - k, y + h - k)
        body(.bottomLeft, x + k, y + h - k)
        body(.topLeft, x + k, y + k)
    }

    /// The arc's start, its two control points and its end, in user space: the numbers `cairo_arc` computes.
    func points(xc: Double, yc: Double, radius: Double) -> (start: (Double, Double), c1: (Double, Double),
                                                            c2: (Double, Double), end: (Double, Double)) {
        let rSinA = radius * sinStart, rCosA = radius * cosStart
        let rSinB = radius * sinEnd, rCosB = radius * cosEnd
        return ((xc + rCosA, yc + rSinA),
                (xc + rCosA - h * rSinA, yc + rSinA + h * rCosA),
                (xc + rCosB + h * rSinB, yc + rSinB - h * rCosB),
                (xc + rCosB, yc + rSinB))
    }

    /// Appends the arc around (xc, yc) as `cairo_arc(cr, xc, yc, radius, start, end)` would, when
    /// `fitsOneCurve` holds.
    func append(to cr: OpaquePointer, xc: Double, yc: Double, radius: Double) {
        let p = points(xc: xc, yc: yc, radius: radius)
        cairo_line_to(cr, p.start.0, p.start.1)
        cairo_line_to(cr, p.start.0, p.start.1)
        cairo_curve_to(cr, p.c1.0, p.c1.1, p.c2.0, p.c2.1, p.end.0, p.end.1)
    }
}
