import Foundation
import Geometry
import XCTest
@testable import Advance

final class VectorTests: XCTestCase {
    func testRoundTrips() {
        XCTAssertEqual(Double(vector: 12.5.vector), 12.5)
        XCTAssertEqual(CGFloat(vector: CGFloat(3.25).vector), 3.25)
        XCTAssertEqual(CGPoint(vector: CGPoint(x: 12, y: 60).vector), CGPoint(x: 12, y: 60))
        XCTAssertEqual(CGSize(vector: CGSize(width: 12, height: 60).vector), CGSize(width: 12, height: 60))
        let rect = CGRect(x: 12, y: 60, width: 100, height: 3)
        XCTAssertEqual(CGRect(vector: rect.vector), rect)
        XCTAssertEqual(Color(vector: Color.spruceGreen.vector), .spruceGreen)
        XCTAssertEqual(CGPoint.zero.vector, .zero)
    }

    func testInterpolationExtrapolates() {
        XCTAssertEqual(CGPoint(x: 0, y: 10).interpolated(to: CGPoint(x: 10, y: 20), alpha: 0.25), CGPoint(x: 2.5, y: 12.5))
        XCTAssertEqual(0.0.interpolated(to: 10, alpha: 1.2), 12, accuracy: 1e-12)
        XCTAssertEqual(0.0.interpolated(to: 10, alpha: -0.1), -1, accuracy: 1e-12)
        let c = Color.black.interpolated(to: Color(red: 1, green: 0.5, blue: 0, alpha: 0), alpha: 0.5)
        XCTAssertEqual(c, Color(red: 0.5, green: 0.25, blue: 0, alpha: 0.5))
    }

    func testTransformDecompositionRoundTrips() {
        let transforms: [CGAffineTransform] = [
            .identity,
            CGAffineTransform(translationX: 5, y: -7),
            CGAffineTransform(rotationAngle: 2.5),
            CGAffineTransform(scaleX: 2, y: 0.5).rotated(by: -1).translatedBy(x: 3, y: 4),
            CGAffineTransform(a: 1, b: 0.3, c: 0.7, d: 1.2, tx: 9, ty: 8),      // shear
            CGAffineTransform(scaleX: -1, y: 1),                                // reflection
            CGAffineTransform(scaleX: 1, y: -2).rotated(by: 0.4),
            CGAffineTransform(a: 0, b: 0, c: 2, d: 1, tx: 0, ty: 0),           // degenerate first column
            CGAffineTransform(scaleX: 0, y: 0),
        ]
        for t in transforms {
            let r = CGAffineTransform(vector: t.vector)
            for (x, y) in [(r.a, t.a), (r.b, t.b), (r.c, t.c), (r.d, t.d), (r.tx, t.tx), (r.ty, t.ty)] {
                XCTAssertEqual(Double(x), Double(y), accuracy: 1e-12, "\(t)")
            }
        }
    }

    func testTransformVectorLanes() {
        let t = CGAffineTransform(scaleX: 2, y: 3).rotated(by: 0.5).translatedBy(x: 0, y: 0)
        let v = CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 2, y: 3).concatenating(.init(translationX: 4, y: 5)).vector
        XCTAssertEqual(v[0], 4, accuracy: 1e-12)
        XCTAssertEqual(v[1], 5, accuracy: 1e-12)
        XCTAssertEqual(v[2], 0.5, accuracy: 1e-12)
        XCTAssertEqual(v[3], 2, accuracy: 1e-12)
        XCTAssertEqual(v[4], 3, accuracy: 1e-12)
        XCTAssertEqual(v[5], 0, accuracy: 1e-12)
        XCTAssertNotEqual(t.vector[2], 0)
    }

    func testRotationInterpolatesAlongTheShortestArc() {
        let from = CGAffineTransform(rotationAngle: 170 * .pi / 180)
        let to = CGAffineTransform(rotationAngle: -170 * .pi / 180)
        let mid = from.interpolated(to: to, alpha: 0.5)
        // Through 180° (a = −1), not through 0° (a = +1) as entry-wise or naive-angle blending would.
        XCTAssertEqual(Double(mid.a), -1, accuracy: 1e-12)
        XCTAssertEqual(Double(mid.b), 0, accuracy: 1e-12)
        let quarter = from.interpolated(to: to, alpha: 0.25)
        XCTAssertEqual(atan2(Double(quarter.b), Double(quarter.a)) * 180 / .pi, 175, accuracy: 1e-9)
        // A rigid rotation stays rigid halfway (entry-wise blending of ±90° would collapse to zero).
        let r = CGAffineTransform(rotationAngle: .pi / 2).interpolated(to: CGAffineTransform(rotationAngle: -.pi / 2), alpha: 0.5)
        XCTAssertEqual(Double(r.a * r.d - r.b * r.c), 1, accuracy: 1e-12)
    }

    func testScaleAndTranslationBlendIndependently() {
        let from = CGAffineTransform(scaleX: 0.1, y: 0.1)
        let mid = from.interpolated(to: .identity, alpha: 0.5)
        XCTAssertEqual(Double(mid.a), 0.55, accuracy: 1e-12)
        XCTAssertEqual(Double(mid.d), 0.55, accuracy: 1e-12)
        let flip = CGAffineTransform.identity.interpolated(to: CGAffineTransform(scaleX: -1, y: 1), alpha: 0.5)
        XCTAssertEqual(Double(flip.a), 0, accuracy: 1e-12, "a horizontal flip passes through zero x-scale")
        XCTAssertEqual(Double(flip.d), 1, accuracy: 1e-12)
    }
}
