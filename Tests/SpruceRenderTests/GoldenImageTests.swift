import Foundation
import Spruce
import SpruceRender
import XCTest

/// Each golden was opened and checked by eye against what its test claims (see fixtures/snapshots/).
final class GoldenImageTests: XCTestCase {
    func testGridOfRoundedTiles() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 240, height: 240))
        for row in 0..<4 {
            for col in 0..<4 {
                root.addSubview(tile(CGRect(x: 8 + CGFloat(col) * 58, y: 8 + CGFloat(row) * 58, width: 50, height: 50)))
            }
        }
        assertGolden(root, named: "grid-4x4")
    }

    /// A parent rotated 30° and scaled 1.5× carries its children with it; the child has its own
    /// 45° rotation, and a red marker sits at the parent's top-left corner.
    func testNestedRotationAndScale() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let parent = tile(CGRect(x: 100, y: 100, width: 100, height: 100), Color(hex: "#4A90E2")!, radius: 4)
        parent.transform = CGAffineTransform(rotationAngle: .pi / 6).scaledBy(x: 1.5, y: 1.5)
        let child = tile(CGRect(x: 30, y: 30, width: 40, height: 40), .spruceGreen, radius: 0)
        child.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let marker = tile(CGRect(x: 0, y: 0, width: 12, height: 12), .red, radius: 0)
        parent.addSubview(child)
        parent.addSubview(marker)
        root.addSubview(parent)
        assertGolden(root, named: "nested-transforms", scale: 2)
    }

    /// A half-transparent parent over two overlapping opaque children: composited as one group, so
    /// the overlap shows the front child only (not a darker mix of both), and the white canvas shows through.
    func testGroupAlpha() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        root.backgroundColor = .white
        let stripe = tile(CGRect(x: 0, y: 50, width: 200, height: 20), .black, radius: 0)
        root.addSubview(stripe)
        let group = View(frame: CGRect(x: 20, y: 10, width: 160, height: 100))
        group.alpha = 0.5
        group.addSubview(tile(CGRect(x: 0, y: 0, width: 100, height: 100), .red, radius: 10))
        group.addSubview(tile(CGRect(x: 60, y: 0, width: 100, height: 100), .blue, radius: 10))
        root.addSubview(group)
        assertGolden(root, named: "group-alpha")
    }

    /// A rounded, clipping container cuts its child at the rounded corners; a non-clipping twin does not.
    func testClippingHonoursRoundedCorners() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 260, height: 130))
        for (i, clips) in [true, false].enumerated() {
            let box = tile(CGRect(x: 20 + CGFloat(i) * 130, y: 25, width: 80, height: 80), Color(white: 0.85), radius: 24)
            box.clipsToBounds = clips
            box.borderWidth = 2
            box.borderColor = Color(hex: "#333333")!
            box.addSubview(tile(CGRect(x: 20, y: 20, width: 90, height: 90), .orange, radius: 0))
            root.addSubview(box)
        }
        assertGolden(root, named: "clipping")
    }

    func testLabel() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 280, height: 110))
        let title = Label(frame: CGRect(x: 10, y: 10, width: 260, height: 40), text: "Spruce for Linux",
                          font: .boldSystemFont(ofSize: 24), textColor: Color(hex: "#1B5E20")!)
        title.textAlignment = .center
        let body = Label(frame: CGRect(x: 10, y: 55, width: 260, height: 45),
                         text: "Choreography, drawn by Cairo\nleft-aligned, two lines", font: .systemFont(ofSize: 14))
        body.backgroundColor = Color(hex: "#F1F8E9")
        root.addSubview(title)
        root.addSubview(body)
        assertGolden(root, named: "label", scale: 2)
    }

    func testImageView() throws {
        let image = try Image(contentsOfFile: fixturesURL.appendingPathComponent("images/testcard.png").path)
        XCTAssertEqual(image.size, CGSize(width: 80, height: 60))
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        for (i, mode) in [ContentMode.scaleToFill, .scaleAspectFit, .center].enumerated() {
            let v = ImageView(image: image)
            v.frame = CGRect(x: 10 + CGFloat(i) * 97, y: 10, width: 87, height: 80)
            v.contentMode = mode
            v.backgroundColor = Color(white: 0.9)
            v.clipsToBounds = true
            root.addSubview(v)
        }
        assertGolden(root, named: "image-view")
    }

    func testTransparentBackground() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
        root.addSubview(tile(CGRect(x: 16, y: 16, width: 32, height: 32), .spruceGreen, radius: 6))
        assertGolden(root, named: "transparent", background: nil)
    }
}
