import Foundation
import Spruce
import SpruceRender
import XCTest

/// A faded view that paints one shape is drawn with its alpha in the colour instead of through a group
/// (`TreePainter`, `SinglePaint`). These tests hold that shortcut to what the group gives, and keep it away from
/// the views where it would show: two shapes of one view, which a group composites together before fading.
final class FadedShapeTests: XCTestCase {
    private func canvas() -> View {
        let root = View(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
        root.backgroundColor = .white
        // A stripe under the shapes, so the faded colours are mixed with something other than the canvas.
        root.addSubview(tile(CGRect(x: 0, y: 50, width: 160, height: 20), .black, radius: 0))
        return root
    }

    /// The largest channel difference between two bitmaps of the same size, and how many pixels differ.
    private func difference(_ a: Bitmap, _ b: Bitmap) -> (largest: Int, pixels: Int) {
        var largest = 0, pixels = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                largest = max(largest, d)
                if d > 0 { pixels += 1 }
            }
        }
        return (largest, pixels)
    }

    /// A rotated, rounded, faded tile at fractional coordinates, drawn alone (alpha in the colour) and inside a
    /// faded parent that holds it opaque (a group, composited once): the same picture, to one level of 255.
    func testAFadedShapeMatchesTheGroupOfTheSameShape() throws {
        for (alpha, angle) in [(0.37, 0.0), (0.8, 0.2), (0.05, -0.7)] as [(CGFloat, CGFloat)] {
            let frame = CGRect(x: 30.3, y: 20.6, width: 90.2, height: 70.7)
            let direct = canvas()
            let shape = tile(frame, Color(red: 0.2, green: 0.6, blue: 0.9), radius: 9.5)
            shape.alpha = alpha
            shape.transform = CGAffineTransform(rotationAngle: angle)
            direct.addSubview(shape)

            let grouped = canvas()
            let parent = View(frame: frame)
            parent.alpha = alpha
            parent.transform = CGAffineTransform(rotationAngle: angle)
            parent.addSubview(tile(CGRect(origin: .zero, size: frame.size), Color(red: 0.2, green: 0.6, blue: 0.9), radius: 9.5))
            grouped.addSubview(parent)

            let renderer = try Renderer(size: direct.bounds.size, scale: 2)
            let (largest, pixels) = difference(try renderer.render(direct), try renderer.render(grouped))
            XCTAssertLessThanOrEqual(largest, 1, "alpha \(alpha), angle \(angle): \(pixels) pixels differ")
        }
    }

    /// A faded view with a background and a border is one group: where the border covers the background, only
    /// the border shows, faded (a per-shape fade would let the background show through the border).
    func testABackgroundAndABorderAreFadedTogether() throws {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .white
        let box = tile(CGRect(x: 10, y: 10, width: 80, height: 80), .red, radius: 0)
        box.borderWidth = 20
        box.borderColor = .blue
        box.alpha = 0.5
        root.addSubview(box)
        let bitmap = try Renderer(size: root.bounds.size).render(root)
        let border = bitmap.pixel(x: 20, y: 50), inside = bitmap.pixel(x: 50, y: 50)
        // Blue at half over white: (127 or 128, same, 255). Red under it would add red and take blue away.
        XCTAssertEqual(Int(border.r), 128, accuracy: 1, "\(border)")
        XCTAssertEqual(Int(border.g), 128, accuracy: 1, "\(border)")
        XCTAssertEqual(border.b, 255, "\(border)")
        XCTAssertEqual(Int(inside.r), 255, accuracy: 1, "\(inside)")
        XCTAssertEqual(Int(inside.g), 128, accuracy: 1, "\(inside)")
        XCTAssertEqual(Int(inside.b), 128, accuracy: 1, "\(inside)")
    }

    /// A faded border alone (no background) takes the shortcut and matches its group, like a background.
    func testAFadedBorderMatchesTheGroupOfTheSameBorder() throws {
        let direct = canvas(), grouped = canvas()
        let frame = CGRect(x: 20.5, y: 15.25, width: 100, height: 80)
        let ring = View(frame: frame)
        (ring.borderWidth, ring.borderColor, ring.cornerRadius, ring.alpha) = (6, .orange, 12, 0.6)
        direct.addSubview(ring)
        let parent = View(frame: frame)
        parent.alpha = 0.6
        let inner = View(frame: CGRect(origin: .zero, size: frame.size))
        (inner.borderWidth, inner.borderColor, inner.cornerRadius) = (6, .orange, 12)
        parent.addSubview(inner)
        grouped.addSubview(parent)
        let renderer = try Renderer(size: direct.bounds.size, scale: 1.5)
        let (largest, pixels) = difference(try renderer.render(direct), try renderer.render(grouped))
        XCTAssertLessThanOrEqual(largest, 1, "\(pixels) pixels differ")
        XCTAssertFalse(try renderer.render(direct) == renderer.render(canvas()), "the ring is drawn")
    }
}
