import Foundation
import Geometry
import XCTest

final class TransformTests: XCTestCase {
    func assertEqual(_ a: CGAffineTransform, _ b: CGAffineTransform, accuracy: CGFloat = 1e-9, line: UInt = #line) {
        for (x, y) in [(a.a, b.a), (a.b, b.b), (a.c, b.c), (a.d, b.d), (a.tx, b.tx), (a.ty, b.ty)] {
            XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b)", line: line)
        }
    }

    func testInitializersMatchCoreGraphics() {
        XCTAssertEqual(CGAffineTransform.identity, CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertEqual(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)).y, 1, accuracy: 1e-12)
        XCTAssertEqual(CGPoint(x: 2, y: 3).applying(CGAffineTransform(scaleX: 2, y: -1)), CGPoint(x: 4, y: -3))
        XCTAssertEqual(CGPoint(x: 2, y: 3).applying(CGAffineTransform(translationX: 5, y: 7)), CGPoint(x: 7, y: 10))
    }

    /// CoreGraphics: `t.scaledBy` scales first, then applies `t`; `concatenating` applies self first.
    func testOperationOrder() {
        let t = CGAffineTransform(translationX: 10, y: 0)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t.scaledBy(x: 2, y: 2)), CGPoint(x: 12, y: 2))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t.concatenating(CGAffineTransform(scaleX: 2, y: 2))), CGPoint(x: 22, y: 2))
        XCTAssertEqual(CGPoint(x: 0, y: 0).applying(CGAffineTransform(scaleX: 3, y: 3).translatedBy(x: 1, y: 2)), CGPoint(x: 3, y: 6))
        let r = CGAffineTransform.identity.rotated(by: .pi / 2).translatedBy(x: 1, y: 0)
        let p = CGPoint.zero.applying(r)
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)
    }

    func testInverse() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4)
        assertEqual(t.concatenating(t.inverted()), .identity)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(singular.inverted(), singular)
    }

    func testRectApplyingIsBoundingBox() {
        let r = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        XCTAssertEqual(r.width, 2 * 2.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(r.midX, 0, accuracy: 1e-12)
    }

    func testColorHex() {
        XCTAssertEqual(Color(hex: "#A9F0B4")?.hexString, "#A9F0B4")
        XCTAssertEqual(Color(hex: "fff"), Color.white)
        XCTAssertEqual(Color(hex: "#00000080")?.alpha ?? 0, 128.0 / 255, accuracy: 1e-12)
        XCTAssertNil(Color(hex: "#12345"))
        XCTAssertNil(Color(hex: "zzzzzz"))
    }
}
