import Foundation
import Spruce
@testable import SpruceRender
import XCTest

/// `PaintKey.same` compares two records' keys field by field where they lie; it must answer what `==` on the
/// keys answers, for every field a painter reads, and for the kinds of view (plain, label, image).
final class PaintKeyTests: XCTestCase {
    private func record(_ view: View, local: CGAffineTransform = .identity) -> PaintRecord {
        PaintRecord(kind: ObjectIdentifier(type(of: view)), parent: -1, key: PaintKey(view, local: local),
                    box: PixelRect(x0: 0, y0: 0, x1: 1, y1: 1), subtree: PixelRect(x0: 0, y0: 0, x1: 1, y1: 1),
                    end: 1, dependsOnClip: false, clippedByAncestor: false)
    }

    private func same(_ a: View, _ b: View, _ la: CGAffineTransform = .identity, _ lb: CGAffineTransform = .identity) -> Bool {
        var ra = record(a, local: la), rb = record(b, local: lb)
        let fast = withUnsafePointer(to: &ra) { pa in withUnsafePointer(to: &rb) { pb in PaintKey.same(pa, pb) } }
        XCTAssertEqual(fast, ra.key == rb.key, "same() and == disagree")
        return fast
    }

    private func tile() -> View {
        let v = View(frame: CGRect(x: 10, y: 20, width: 80, height: 60))
        v.backgroundColor = Color(red: 0.64, green: 0.91, blue: 0.69)
        v.cornerRadius = 2
        return v
    }

    func testEveryFieldOfAPlainViewCounts() {
        XCTAssertTrue(same(tile(), tile()))
        let changes: [(String, (View) -> Void)] = [
            ("bounds origin x", { $0.bounds.origin.x = 1 }), ("bounds origin y", { $0.bounds.origin.y = 1 }),
            ("width", { $0.bounds.size.width = 81 }), ("height", { $0.bounds.size.height = 61 }),
            ("alpha", { $0.alpha = 0.5 }), ("hidden", { $0.isHidden = true }),
            ("background", { $0.backgroundColor = .black }), ("no background", { $0.backgroundColor = nil }),
            ("corner radius", { $0.cornerRadius = 3 }), ("border width", { $0.borderWidth = 1 }),
            ("border colour", { $0.borderColor = .white }), ("clips", { $0.clipsToBounds = true }),
        ]
        for (name, change) in changes {
            let b = tile()
            change(b)
            XCTAssertFalse(same(tile(), b), name)
        }
        for (i, changed) in [CGAffineTransform(a: 2, b: 0, c: 0, d: 1, tx: 0, ty: 0), CGAffineTransform(a: 1, b: 0.5, c: 0, d: 1, tx: 0, ty: 0),
                             CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0), CGAffineTransform(a: 1, b: 0, c: 0, d: 2, tx: 0, ty: 0),
                             CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 0), CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 3)].enumerated() {
            XCTAssertFalse(same(tile(), tile(), .identity, changed), "transform field \(i)")
        }
    }

    func testNumbersCompareAsEqualityDoes() {
        let a = tile(), b = tile()
        (a.alpha, b.alpha) = (0, -0.0)
        XCTAssertTrue(same(a, b), "-0 equals 0")
        (a.alpha, b.alpha) = (.nan, .nan)
        XCTAssertFalse(same(a, b), "NaN equals nothing")
    }

    func testContentOfLabelsAndImages() {
        func label(_ text: String?, size: CGFloat = 17, color: Color = .black) -> Label {
            let l = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
            (l.text, l.font, l.textColor) = (text, .systemFont(ofSize: size), color)
            return l
        }
        XCTAssertTrue(same(label("Spruce"), label("Spruce")))
        XCTAssertFalse(same(label("Spruce"), label("Spruc")))
        XCTAssertFalse(same(label("Spruce"), label(nil)))
        XCTAssertFalse(same(label("Spruce"), label("Spruce", size: 18)))
        XCTAssertFalse(same(label("Spruce"), label("Spruce", color: .white)))
        let centred = label("Spruce")
        centred.textAlignment = .center
        XCTAssertFalse(same(label("Spruce"), centred))
        // A label with no text and a plain view of the same geometry are different kinds of key.
        let plain = View(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        XCTAssertFalse(same(label(nil), plain))
        XCTAssertFalse(same(plain, label(nil)), "in either order")

        let red = Image(pixelWidth: 1, pixelHeight: 1, pixels: [0, 0, 255, 255])
        let blue = Image(pixelWidth: 1, pixelHeight: 1, pixels: [255, 0, 0, 255])
        func image(_ image: Image?, mode: ContentMode = .scaleToFill) -> ImageView {
            let v = ImageView(image: image)
            v.contentMode = mode
            return v
        }
        XCTAssertTrue(same(image(red), image(red)))
        XCTAssertFalse(same(image(red), image(blue)))
        XCTAssertFalse(same(image(red), image(nil)))
        XCTAssertFalse(same(image(red), image(red, mode: .center)))
    }
}
