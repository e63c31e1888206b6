import Foundation
import Spruce
import SpruceRender
import XCTest

/// A redraw of a damaged region given the tree's `PaintSnapshot` skips the renderer's walk over the tree for the
/// geometry check when the snapshot has seen only good numbers; a bad number anywhere must still be refused with
/// the same message as a full render.
final class DamagedRedrawGeometryTests: XCTestCase {
    private func message(_ body: () throws -> Void) -> String {
        do { try body(); return "no error" } catch { return "\(error)" }
    }

    func testBadGeometryIsRefusedWhenOnlyADamagedRegionIsRedrawn() throws {
        let renderer = try Renderer(size: CGSize(width: 50, height: 50))
        let bitmap = try renderer.makeBitmap()
        let region = DamageRegion(width: 50, height: 50, union: [PixelRect(x0: 2, y0: 2, x1: 20, y1: 30)])
        let breakages: [(String, (View) -> Void)] = [
            ("width is nan", { $0.bounds.size.width = .nan }),
            ("height -4.0 must not be negative", { $0.bounds.size.height = -4 }),
            ("center.x is inf", { $0.center.x = .infinity }),
            ("transform.c is nan", { $0.transform.c = .nan }),
            ("transform.ty is -inf", { $0.transform.ty = -.infinity }),
            ("alpha is nan", { $0.alpha = .nan }),
            ("cornerRadius -1.0 must not be negative", { $0.cornerRadius = -1 }),
            ("borderWidth is inf", { $0.borderWidth = .infinity }),
        ]
        for (expected, breakIt) in breakages {
            let root = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            let parent = View(frame: CGRect(x: 5, y: 5, width: 30, height: 30))
            let child = View(frame: CGRect(x: 2, y: 2, width: 10, height: 10))
            child.id = "tile-9"
            child.backgroundColor = .black
            root.addSubview(parent)
            parent.addSubview(child)
            // Good geometry: the snapshot vouches for the tree and the region is redrawn.
            XCTAssertEqual(message {
                try renderer.draw(root, into: bitmap, only: region, painting: PaintSnapshot(of: root, renderer: renderer))
            }, "no error")
            breakIt(child)
            let snapshot = PaintSnapshot(of: root, renderer: renderer)
            XCTAssertEqual(message { try renderer.draw(root, into: bitmap, only: region, painting: snapshot) },
                           "invalid geometry: View 'tile-9': \(expected)", expected)
            XCTAssertEqual(message { _ = try renderer.render(root) }, "invalid geometry: View 'tile-9': \(expected)", expected)
        }
    }
}
