import Foundation
import Spruce
import XCTest

final class ViewTreeTests: XCTestCase {
    func assertPoint(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: 1e-9, "\(p)", line: line)
        XCTAssertEqual(p.y, y, accuracy: 1e-9, "\(p)", line: line)
    }

    func testFrameCenterAndBoundsAgreeAsInUIKit() {
        let v = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(v.center, CGPoint(x: 60, y: 45))
        XCTAssertEqual(v.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        v.center = CGPoint(x: 0, y: 0)
        XCTAssertEqual(v.frame, CGRect(x: -50, y: -25, width: 100, height: 50))
        v.bounds.size = CGSize(width: 20, height: 20)
        XCTAssertEqual(v.frame, CGRect(x: -10, y: -10, width: 20, height: 20), "bounds grow about the center")
    }

    /// The transform applies about the center: the frame becomes the transformed bounding box.
    func testTransformAppliesAboutTheCenter() {
        let v = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        XCTAssertEqual(v.frame, CGRect(x: 25, y: 25, width: 50, height: 50))
        XCTAssertEqual(v.center, CGPoint(x: 50, y: 50))
        v.transform = CGAffineTransform(rotationAngle: .pi / 4)
        XCTAssertEqual(v.frame.width, 100 * 2.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(v.frame.midX, 50, accuracy: 1e-9)
    }

    func testConvertHonoursFramesAndTransforms() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let parent = View(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        let child = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(parent)
        parent.addSubview(child)
        assertPoint(child.convert(.zero, to: root), 150, 150)
        assertPoint(child.convert(.zero, to: nil), 150, 150)
        assertPoint(root.convert(CGPoint(x: 150, y: 150), to: child), 0, 0)
        assertPoint(child.convert(CGPoint(x: 150, y: 150), from: root), 0, 0)

        parent.transform = CGAffineTransform(rotationAngle: .pi / 2)  // about the parent's center (200, 200)
        // The child's center (100, 100) in the parent is the parent's own center: it stays put.
        assertPoint(parent.convert(child.center, to: root), 200, 200)
        // The parent's top-left corner swings to the top-right.
        assertPoint(parent.convert(.zero, to: root), 300, 100)
        assertPoint(root.convert(CGPoint(x: 300, y: 100), to: parent), 0, 0)

        parent.transform = CGAffineTransform(scaleX: 2, y: 2)
        assertPoint(child.convert(.zero, to: root), 100, 100)
        let r = child.convert(child.bounds, to: root)
        XCTAssertEqual(r, CGRect(x: 100, y: 100, width: 200, height: 200))
        XCTAssertEqual(root.convert(r, to: child), child.bounds)
    }

    func testBoundsOriginScrollsSubviews() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let scroller = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let content = View(frame: CGRect(x: 0, y: 40, width: 10, height: 10))
        root.addSubview(scroller)
        scroller.addSubview(content)
        scroller.bounds.origin.y = 30
        assertPoint(content.convert(.zero, to: root), 0, 10)
    }

    func testHierarchy() {
        let a = View(), b = View(), c = View(), d = View()
        a.addSubview(b); a.addSubview(c)
        XCTAssertTrue(b.superview === a)
        XCTAssertEqual(a.subviews.count, 2)
        c.addSubview(b)
        XCTAssertTrue(b.superview === c, "adding a view elsewhere moves it")
        XCTAssertEqual(a.subviews.count, 1)
        a.insertSubview(d, at: 0)
        XCTAssertTrue(a.subviews.first === d)
        a.bringSubviewToFront(d)
        XCTAssertTrue(a.subviews.last === d)
        b.removeFromSuperview()
        XCTAssertNil(b.superview)
        XCTAssertTrue(c.subviews.isEmpty)
        d.tag = 42; d.id = "dee"
        XCTAssertTrue(a.viewWithTag(42) === d)
        XCTAssertTrue(a.view(withID: "dee") === d)
        XCTAssertTrue(d.isDescendant(of: a))
        XCTAssertFalse(a.isDescendant(of: d))
    }

    func testLayerSpellingWritesThrough() {
        let v = View()
        v.layer.cornerRadius = 4
        v.layer.borderWidth = 2
        v.layer.masksToBounds = true
        v.layer.opacity = 0.5
        XCTAssertEqual(v.cornerRadius, 4)
        XCTAssertEqual(v.borderWidth, 2)
        XCTAssertTrue(v.clipsToBounds)
        XCTAssertEqual(v.alpha, 0.5)
    }

    func testImageViewContentModes() {
        let image = Image(pixelWidth: 4, pixelHeight: 2, pixels: [UInt8](repeating: 255, count: 32))
        let v = ImageView(image: image)
        XCTAssertEqual(v.bounds.size, CGSize(width: 4, height: 2))
        v.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        v.contentMode = .scaleAspectFit
        XCTAssertEqual(v.imageRect(for: image), CGRect(x: 0, y: 2, width: 8, height: 4))
        v.contentMode = .scaleAspectFill
        XCTAssertEqual(v.imageRect(for: image), CGRect(x: -4, y: 0, width: 16, height: 8))
        v.contentMode = .center
        XCTAssertEqual(v.imageRect(for: image), CGRect(x: 2, y: 3, width: 4, height: 2))
    }
}
