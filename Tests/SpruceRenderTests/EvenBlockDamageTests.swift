import Foundation
import Spruce
import SpruceRender
import XCTest

/// Damage taken on 2x2 blocks, as a 4:2:0 conversion uses it: its rectangles are even and share no block, and they
/// cover exactly the blocks the pixel damage touches.
final class EvenBlockDamageTests: XCTestCase {
    /// Three tiles on odd rows and columns, overlapping in bands, each moved diagonally by odd steps.
    private func snapshots() throws -> (PaintSnapshot, PaintSnapshot) {
        let renderer = try Renderer(size: CGSize(width: 64, height: 48))
        let root = View(frame: CGRect(x: 0, y: 0, width: 64, height: 48))
        let frames = [CGRect(x: 3, y: 3, width: 11, height: 9), CGRect(x: 9, y: 7, width: 13, height: 15),
                      CGRect(x: 31, y: 5, width: 7, height: 21)]
        let tiles = frames.map { View(frame: $0) }
        for tile in tiles {
            tile.backgroundColor = .black
            root.addSubview(tile)
        }
        let before = PaintSnapshot(of: root, renderer: renderer)
        for (k, tile) in tiles.enumerated() {
            tile.center.x += CGFloat(2 * k + 1)
            tile.center.y += CGFloat(2 * k + 3)
        }
        return (before, PaintSnapshot(of: root, renderer: renderer))
    }

    private func blocks(_ rects: [PixelRect]) -> Set<Int> {
        var touched = Set<Int>()
        for r in rects where !r.isEmpty {
            for y in stride(from: r.y0 & ~1, to: r.y1, by: 2) {
                for x in stride(from: r.x0 & ~1, to: r.x1, by: 2) { touched.insert((y / 2) * 1000 + x / 2) }
            }
        }
        return touched
    }

    func testTheRectanglesAreEvenShareNoBlockAndCoverTheSameBlocks() throws {
        let (before, after) = try snapshots()
        let pixels = after.damage(since: before)
        let even = after.damage(since: before, alignedToEvenPixels: true)
        XCTAssertFalse(pixels.isEmpty)
        for r in even.rects {
            XCTAssertTrue(r.x0 % 2 == 0 && r.y0 % 2 == 0 && r.x1 % 2 == 0 && r.y1 % 2 == 0, "\(r) is not on 2x2 blocks")
        }
        for (i, a) in even.rects.enumerated() {
            for b in even.rects[(i + 1)...] { XCTAssertTrue(a.intersection(b).isEmpty, "\(a) and \(b) overlap") }
        }
        XCTAssertEqual(blocks(even.rects), blocks(pixels.rects))
        // Growing the pixel region's own rectangles instead converts some blocks twice: what the option avoids.
        let grown = pixels.rects.map(\.alignedToEvenPixels).reduce(0) { $0 + $1.area }
        XCTAssertLessThan(even.area, grown)
        XCTAssertEqual(even.area, blocks(pixels.rects).count * 4)
    }

    func testNothingChangedIsStillNothing() throws {
        let (_, after) = try snapshots()
        XCTAssertTrue(after.damage(since: after, alignedToEvenPixels: true).isEmpty)
    }
}
