import CCairo
import Foundation
import Spruce
@testable import SpruceRender
import XCTest

/// A damaged frame's background is written without Cairo (`Bitmap.fill(_:with:)`); it must be the bytes of the
/// SOURCE paint through the region's clip that it replaces, for any colour, and touch nothing outside the region.
final class RegionFillTests: XCTestCase {
    /// A bitmap whose every byte differs from its neighbours, so a pixel written where it should not be shows.
    private func noisy(width: Int, height: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        bitmap.withUnsafeMutableBytes { bytes in
            for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 7) }
        }
        return bitmap
    }

    private func cairoPaint(_ rects: [PixelRect], _ color: Color, on bitmap: Bitmap) {
        let cr = cairo_create(bitmap.surface)!
        defer { cairo_destroy(cr) }
        for r in rects { cairo_rectangle(cr, Double(r.x0), Double(r.y0), Double(r.x1 - r.x0), Double(r.y1 - r.y0)) }
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_paint(cr)
        cairo_surface_flush(bitmap.surface)
    }

    func testTheRegionGetsCairosBytesAndNothingElseChanges() throws {
        let (width, height) = (203, 77)
        let region = DamageRegion(width: width, height: height, union: [
            PixelRect(x0: 0, y0: 0, x1: 17, y1: 9), PixelRect(x0: 40, y0: 5, x1: 203, y1: 6),
            PixelRect(x0: 100, y0: 30, x1: 131, y1: 77), PixelRect(x0: 120, y0: 20, x1: 150, y1: 40),
            PixelRect(x0: 3, y0: 60, x1: 4, y1: 61),
        ])
        let colors: [Color] = [
            Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 1), Color(red: 1, green: 1, blue: 1, alpha: 1),
            Color(red: 0.33, green: 0.5, blue: 0.77, alpha: 0.41), Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.002),
            .clear, Color(red: 1.7, green: -0.4, blue: 0.5, alpha: 1.3),
        ]
        for color in colors {
            let (expected, got) = (try noisy(width: width, height: height), try noisy(width: width, height: height))
            let before = got.copy()
            cairoPaint(region.rects, color, on: expected)
            got.fill(region.rects, with: CairoColor(color).premultipliedPixel)
            XCTAssertTrue(got == expected, "\(color)")
            XCTAssertFalse(got == before, "\(color): the region was written")
        }
    }

    /// The damaged redraw's background comes from the fill: a frame whose only view left the region shows the
    /// background there, in a translucent colour over which Cairo's OVER would differ from SOURCE.
    func testADamagedRedrawShowsATranslucentBackgroundAsAFullRedraw() throws {
        let renderer = try Renderer(size: CGSize(width: 40, height: 30), scale: 1,
                                background: Color(red: 0.3, green: 0.8, blue: 0.1, alpha: 0.45))
        let root = View(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        let child = View(frame: CGRect(x: 4, y: 4, width: 12, height: 9))
        child.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.4, alpha: 1)
        root.addSubview(child)
        let incremental = try renderer.render(root)
        child.frame.origin = CGPoint(x: 21, y: 15)
        let region = DamageRegion(width: 40, height: 30, union: [PixelRect(x0: 4, y0: 4, x1: 16, y1: 13),
                                                               PixelRect(x0: 21, y0: 15, x1: 33, y1: 24)])
        try renderer.draw(root, into: incremental, only: region)
        XCTAssertTrue(incremental == (try renderer.render(root)))
    }
}
