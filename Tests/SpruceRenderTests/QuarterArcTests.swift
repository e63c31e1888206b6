import CCairo
import Foundation
@testable import SpruceRender
import XCTest

/// `TreePainter.roundedRect` builds small corners without `cairo_arc` (`QuarterArc`); the path must be the one
/// `cairo_arc` builds, command for command and point for point, and so must the pixels it fills.
final class QuarterArcTests: XCTestCase {
    private struct Case { let rect: CGRect; let radius: CGFloat; let matrix: cairo_matrix_t; let name: String }

    private var cases: [Case] {
        func scaled(_ s: Double) -> cairo_matrix_t { cairo_matrix_t(xx: s, yx: 0, xy: 0, yy: s, x0: 0.37, y0: 1.21) }
        let rotated = cairo_matrix_t(xx: 1.1 * cos(0.5), yx: 1.1 * sin(0.5), xy: -1.1 * sin(0.5), yy: 1.1 * cos(0.5), x0: 30, y0: 2)
        let mirrored = cairo_matrix_t(xx: -1.3, yx: 0, xy: 0, yy: 0.8, x0: 60, y0: 3.5)
        var cases: [Case] = []
        for radius: CGFloat in [0.3, 1, 2, 2.4, 3.7, 6, 12, 200, 400] {
            for (matrix, name) in [(scaled(1), "scale 1"), (scaled(1.37), "scale 1.37"), (scaled(2), "scale 2"),
                                   (rotated, "rotated"), (mirrored, "mirrored")] {
                for rect in [CGRect(x: 3.25, y: 4.5, width: 40.3, height: 31.7), CGRect(x: 10, y: 10, width: 5, height: 3.1),
                             CGRect(x: -400.5, y: -300.25, width: 900, height: 820.5)] {
                    cases.append(Case(rect: rect, radius: radius, matrix: matrix, name: "radius \(radius), \(name), \(rect)"))
                }
            }
        }
        return cases
    }

    private func path(_ c: Case, viaCairoArc: Bool, on cr: OpaquePointer) -> [Double] {
        var m = c.matrix
        cairo_set_matrix(cr, &m)
        if viaCairoArc {
            let x = Double(c.rect.minX), y = Double(c.rect.minY), w = Double(c.rect.width), h = Double(c.rect.height)
            let k = min(Double(c.radius), w / 2, h / 2)
            cairo_new_path(cr)
            cairo_arc(cr, x + w - k, y + k, k, -.pi / 2, 0)
            cairo_arc(cr, x + w - k, y + h - k, k, 0, .pi / 2)
            cairo_arc(cr, x + k, y + h - k, k, .pi / 2, .pi)
            cairo_arc(cr, x + k, y + k, k, .pi, 3 * .pi / 2)
            cairo_close_path(cr)
        } else {
            TreePainter(cr: cr).roundedRect(c.rect, radius: c.radius)
        }
        // Every command and point, as Cairo stores them (fixed point, read back in user space).
        let copy = cairo_copy_path(cr)!
        defer { cairo_path_destroy(copy) }
        var values: [Double] = []
        var i = 0
        while i < Int(copy.pointee.num_data) {
            let header = copy.pointee.data[i].header
            values.append(Double(header.type.rawValue))
            for p in 1..<Int(header.length) { values += [copy.pointee.data[i + p].point.x, copy.pointee.data[i + p].point.y] }
            i += Int(header.length)
        }
        return values
    }

    private func pixels(_ c: Case, viaCairoArc: Bool) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 72, 48)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        _ = path(c, viaCairoArc: viaCairoArc, on: cr)
        cairo_set_source_rgba(cr, 0.64, 0.91, 0.69, 0.8)
        cairo_fill(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * 48))
    }

    func testSmallCornersGiveCairoArcsPathAndPixels() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        var shortcut = 0, fallback = 0
        for c in cases {
            var m = c.matrix
            cairo_set_matrix(cr, &m)
            let k = min(Double(c.radius), Double(c.rect.width) / 2, Double(c.rect.height) / 2)
            if QuarterArc.fitsOneCurve(radius: k, on: cr) { shortcut += 1 } else { fallback += 1 }
            XCTAssertEqual(path(c, viaCairoArc: false, on: cr), path(c, viaCairoArc: true, on: cr), c.name)
            let ours = pixels(c, viaCairoArc: false), theirs = pixels(c, viaCairoArc: true)
            XCTAssertTrue(ours == theirs, "\(c.name): pixels differ")
            XCTAssertGreaterThan(Set(ours).count, 2, "\(c.name): something was filled")
        }
        XCTAssertGreaterThan(shortcut, 100, "most corners take the shortcut")
        XCTAssertGreaterThan(fallback, 5, "corners of a major axis over 366 pixels take cairo_arc")
    }

    /// `fitsOneCurve` makes Cairo's own decision: for random matrices (uniform, squashed, rotated, sheared, mirrored,
    /// and scales within Cairo's unit-scale tolerance) and radii from 0.1 to 400, it answers true exactly when
    /// `cairo_arc` draws each of `roundedRect`'s four quarters as one curve. The 4K example's tiles (corner radius 2
    /// at scale 2, a major axis of 4 pixels) are among them; a bound by the Frobenius norm refused them.
    func testOneCurveExactlyWhenCairoArcDrawsOne() {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        func curves(_ radius: Double, from a: Double, to b: Double) -> Int {
            cairo_new_path(cr)
            cairo_arc(cr, 10, 10, radius, a, b)
            let copy = cairo_copy_path(cr)!
            defer { cairo_path_destroy(copy) }
            var (count, i) = (0, 0)
            while i < Int(copy.pointee.num_data) {
                if copy.pointee.data[i].header.type == CAIRO_PATH_CURVE_TO { count += 1 }
                i += Int(copy.pointee.data[i].header.length)
            }
            return count
        }
        let quarters = [(-Double.pi / 2, 0.0), (0, .pi / 2), (.pi / 2, .pi), (.pi, 3 * .pi / 2)]
        var state: UInt64 = 0x5EED_4A2C
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var (one, more) = (0, 0)
        for n in 0..<3000 {
            let s = n % 5 == 0 ? 1 + (unit() - 0.5) / 300 : 0.2 + unit() * 3.8  // some within 1/256 of unit scale
            let angle = n % 3 == 0 ? 0 : unit() * 2 * .pi, squash = n % 4 == 0 ? 0.3 + unit() : 1
            let shear = n % 7 == 0 ? unit() - 0.5 : 0, flip: Double = n % 6 == 0 ? -1 : 1
            var m = cairo_matrix_t(xx: s * cos(angle) * flip, yx: s * sin(angle), xy: -s * squash * sin(angle) + shear,
                                   yy: s * squash * cos(angle), x0: 0, y0: 0)
            cairo_set_matrix(cr, &m)
            let radius = 0.1 * pow(4000, unit())
            let cairo = quarters.map { curves(radius, from: $0.0, to: $0.1) }
            XCTAssertEqual(QuarterArc.fitsOneCurve(radius: radius, on: cr), cairo.allSatisfy { $0 == 1 },
                           "radius \(radius), matrix \(m): cairo_arc draws \(cairo) curves")
            if cairo == [1, 1, 1, 1] { one += 1 } else { more += 1 }
        }
        XCTAssertGreaterThan(one, 1000)
        XCTAssertGreaterThan(more, 200)
        var m = cairo_matrix_t(xx: 2, yx: 0, xy: 0, yy: 2, x0: 0, y0: 0)
        cairo_set_matrix(cr, &m)
        XCTAssertEqual(curves(2, from: -.pi / 2, to: 0), 1)
        XCTAssertTrue(QuarterArc.fitsOneCurve(radius: 2, on: cr), "a 4K tile's corner is one curve")
    }
}
