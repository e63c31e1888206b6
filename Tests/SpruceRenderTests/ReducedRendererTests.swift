import Foundation
import Spruce
import SpruceRender
import XCTest

/// `Renderer.reduced(by:)`, which the GIF's palette pass draws large films with: the same drawing as a renderer
/// made at the smaller scale, every setting kept.
final class ReducedRendererTests: XCTestCase {
    func testAReducedRendererDrawsWhatTheSmallerScaleDraws() throws {
        var large = try Renderer(size: CGSize(width: 200, height: 120), scale: 2, background: Color(red: 0.9, green: 0.95, blue: 1))
        large.antialias = .fast
        let root = View(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        let shape = tile(CGRect(x: 20.3, y: 10.7, width: 90, height: 60), radius: 11)
        shape.alpha = 0.6
        shape.transform = CGAffineTransform(rotationAngle: 0.3)
        root.addSubview(shape)

        let reduced = try XCTUnwrap(large.reduced(by: 4))
        XCTAssertEqual([reduced.pixelWidth, reduced.pixelHeight], [100, 60])
        XCTAssertEqual(reduced.scale, 0.5)
        XCTAssertEqual(reduced.antialias, .fast)
        XCTAssertEqual(reduced.background, large.background)
        var direct = try Renderer(size: CGSize(width: 200, height: 120), scale: 0.5, background: large.background)
        direct.antialias = .fast
        XCTAssertEqual(try reduced.render(root), try direct.render(root))
        direct.antialias = .good
        XCTAssertNotEqual(try reduced.render(root), try direct.render(root), "the antialias setting shows in these pixels")
    }

    func testReductionsThatCannotBeDrawnAreNil() throws {
        let renderer = try Renderer(size: CGSize(width: 6, height: 300))
        XCTAssertNil(renderer.reduced(by: 0))
        XCTAssertNil(renderer.reduced(by: 16), "a side of 6 / 16 pixels rounds to none")
        XCTAssertEqual(renderer.reduced(by: 1)?.pixelWidth, 6)
    }
}
