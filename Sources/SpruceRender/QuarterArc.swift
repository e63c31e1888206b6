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
/// One segment is what Cairo chooses when `tolerance / majorAxis` is above the error of a half-circle segment
/// (0.0185…, so a major axis below 5.4 device pixels at the default tolerance of 0.1): `fitsOneCurve` asks for
/// less than 5 pixels, measured by a bound that is never below the true major axis. Bigger corners take
/// `cairo_arc` itself.
struct QuarterArc {
    private let cosStart: Double, sinStart: Double, cosEnd: Double, sinEnd: Double
    private let h: Double

    private init(_ start: Double, _ end: Double) {
        (cosStart, sinStart, cosEnd, sinEnd) = (cos(start), sin(start), cos(end), sin(end))
        h = 4.0 / 3.0 * tan((end - start) / 4.0)
    }

    /// The four corners of `TreePainter.roundedRect`, clockwise from the top right, with its angles.
    static let topRight = QuarterArc(-.pi / 2, 0)
    static let bottomRight = QuarterArc(0, .pi / 2)
    static let bottomLeft = QuarterArc(.pi / 2, .pi)
    static let topLeft = QuarterArc(.pi, 3 * .pi / 2)

    /// Whether `cairo_arc` would draw a quarter circle of `radius` (user space) under the current matrix as one
    /// curve: the Frobenius norm of the matrix's linear part bounds the circle's major axis from above.
    static func fitsOneCurve(radius: Double, on cr: OpaquePointer) -> Bool {
        guard cairo_get_tolerance(cr) == 0.1 else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let norm = (m.xx * m.xx + m.yx * m.yx + m.xy * m.xy + m.yy * m.yy).squareRoot()
        return radius * norm < 5
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
