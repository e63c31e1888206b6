import CCairo
import Foundation
import Spruce
@testable import SpruceRender
import XCTest

/// Text larger than FreeType draws (`TextPainter.largestGlyphPixels`) is filled as outlines laid out smaller and
/// grown back: the same glyphs in the same places as text drawn the ordinary way, up to anti-aliasing.
final class LargeTextTests: XCTestCase {
    func draw(_ label: Label, largestGlyphPixels: Double) throws -> Bitmap {
        let bitmap = try Bitmap(width: 360, height: 140)
        let cr = cairo_create(bitmap.surface)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, 2, 2)  // the canvas's scale, which the glyph size counts
        TextPainter(cr: cr).paint(label, largestGlyphPixels: largestGlyphPixels)
        cairo_surface_flush(bitmap.surface)
        return bitmap
    }

    func testOutlinesGrownBackAreTheGlyphs() throws {
        let label = Label(frame: CGRect(x: 0, y: 0, width: 180, height: 70), text: "Ag\nfly", font: .systemFont(ofSize: 28),
                          textColor: Color(red: 0.1, green: 0.3, blue: 0.6, alpha: 1))
        label.textAlignment = .center
        let glyphs = try draw(label, largestGlyphPixels: .infinity)
        // 28 points at 2× are 56 pixels: a bound of 20 pixels lays the text out three times smaller.
        let outlines = try draw(label, largestGlyphPixels: 20)
        XCTAssertFalse(ImageComparison.exact.compare(glyphs, outlines).matches, "the outlines are drawn another way")
        let difference = ImageComparison.default.compare(glyphs, outlines)
        XCTAssertTrue(difference.matches, "\(difference)")
    }

    func testTextBeyondFreeTypesLimitIsDrawn() throws {
        // 10000 points at 8× scale: FreeType refused this size, and the frame failed. The middle of an "I" (its
        // outline's box, at the scale FreeType takes) is put at the middle of a small canvas.
        let label = Label(frame: CGRect(x: 0, y: 0, width: 8000, height: 12000), text: "I", font: .systemFont(ofSize: 10000),
                          textColor: .black)
        let points = TextOutline.elements(of: label).compactMap { element -> CGPoint? in
            switch element {
            case .move(let p), .line(let p): return p
            case .curve(_, _, let p): return p
            case .close: return nil
            }
        }
        let (xs, ys) = (points.map(\.x), points.map(\.y))
        let middle = CGPoint(x: (xs.min()! + xs.max()!) / 2, y: (ys.min()! + ys.max()!) / 2)
        let bitmap = try Bitmap(width: 64, height: 64)
        let cr = cairo_create(bitmap.surface)!
        defer { cairo_destroy(cr) }
        cairo_translate(cr, 32, 32)
        cairo_scale(cr, 8, 8)
        cairo_translate(cr, -Double(middle.x), -Double(middle.y))
        TextPainter(cr: cr).paint(label)
        XCTAssertEqual(cairo_status(cr), CAIRO_STATUS_SUCCESS)
        cairo_surface_flush(bitmap.surface)
        XCTAssertEqual(bitmap.pixel(x: 32, y: 32).a, 255, "the stem covers the middle")
    }
}
