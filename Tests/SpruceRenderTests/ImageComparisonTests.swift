import Foundation
import SnapshotTesting
import Spruce
import SpruceRender
import SpruceSnapshotTesting
import XCTest

final class ImageComparisonTests: XCTestCase {
    func grid() -> View {
        let root = View(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
        for i in 0..<9 {
            root.addSubview(tile(CGRect(x: 4 + CGFloat(i % 3) * 40, y: 4 + CGFloat(i / 3) * 40, width: 32, height: 32), radius: 6))
        }
        return root
    }

    func testIdenticalRendersMatchExactly() throws {
        let r = try Renderer(size: CGSize(width: 120, height: 120))
        let d = ImageComparison.exact.compare(try r.render(grid()), try r.render(grid()))
        XCTAssertTrue(d.matches)
        XCTAssertEqual(d.differingPixels, 0)
        XCTAssertEqual(d.psnr, .infinity)
    }

    /// One tile moved by a single point is a real change: the default tolerance must catch it.
    func testOnePointShiftIsCaught() throws {
        let r = try Renderer(size: CGSize(width: 120, height: 120))
        let moved = grid()
        moved.subviews[4].center.x += 1
        let d = ImageComparison.default.compare(try r.render(grid()), try r.render(moved))
        XCTAssertFalse(d.matches, d.summary)
        XCTAssertGreaterThanOrEqual(d.differingPixels, 64, d.summary)  // at least two 32-pixel columns change
    }

    func testToleranceAbsorbsSmallChannelNoise() throws {
        let a = try Bitmap(width: 10, height: 10), b = try Bitmap(width: 10, height: 10)
        a.fill(Color(white: 0.5))
        b.fill(Color(red: 129.0 / 255, green: 128.0 / 255, blue: 128.0 / 255))
        XCTAssertTrue(ImageComparison.default.compare(a, b).matches)
        XCTAssertFalse(ImageComparison.exact.compare(a, b).matches)
        XCTAssertFalse(ImageComparison.default.compare(a, try Bitmap(width: 10, height: 11)).matches)
    }

    /// The snapshot strategy fails on purpose against a golden of the unchanged grid, names the
    /// numbers, and writes the actual image and a diff image a person can open.
    func testSnapshotFailsWhenAPixelReallyChanges() throws {
        let goldens = temporaryDirectory()
        let artifacts = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: goldens); try? FileManager.default.removeItem(at: artifacts) }
        setenv("SNAPSHOT_ARTIFACTS", artifacts.path, 1)
        defer { unsetenv("SNAPSHOT_ARTIFACTS") }

        let recorded = verifySnapshot(of: grid(), as: .image, named: "grid", record: .all, snapshotDirectory: goldens.path)
        XCTAssertNotNil(recorded, "record mode reports that it recorded")
        XCTAssertNil(verifySnapshot(of: grid(), as: .image, named: "grid", record: .never, snapshotDirectory: goldens.path))

        let changed = grid()
        changed.subviews[0].backgroundColor = .red
        let failure = try XCTUnwrap(verifySnapshot(of: changed, as: .image, named: "grid", record: .never,
                                                   snapshotDirectory: goldens.path))
        XCTAssertTrue(failure.contains("images differ: "), failure)
        XCTAssertTrue(failure.contains("pixels"), failure)
        let diffPath = try XCTUnwrap(failure.components(separatedBy: "diff image (differing pixels in red): ").last?
            .components(separatedBy: "\n").first)
        let diff = try Bitmap(contentsOfFile: diffPath)
        XCTAssertEqual(diff.pixel(x: 20, y: 20).r, 255, "the changed tile is red in the diff")
        XCTAssertEqual(diff.pixel(x: 20, y: 20).g, 0)
        let actual = try Bitmap(contentsOfFile: artifacts.appendingPathComponent("ImageComparisonTests/testSnapshotFailsWhenAPixelReallyChanges.grid.png").path)
        XCTAssertEqual(actual.pixel(x: 20, y: 20).r, 255)
    }

    func testUndecodableReferenceFailsCleanly() throws {
        let goldens = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: goldens) }
        try Data("not a png".utf8).write(to: goldens.appendingPathComponent("testUndecodableReferenceFailsCleanly.bad.png"))
        let failure = verifySnapshot(of: grid(), as: .image, named: "bad", record: .never, snapshotDirectory: goldens.path)
        XCTAssertEqual(failure?.contains("the reference PNG could not be decoded"), true, failure ?? "")
    }
}
