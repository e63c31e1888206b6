@testable import Advance
import Foundation
import Geometry
import XCTest

/// `Interpolation` (and `interpolated(to:alpha:)`, which goes through it) must give, for every alpha, the value of
/// Advance's formula on the decomposed ends, bit for bit: the start's vector, plus alpha times the way to the end's
/// vector nearest it. Block animations blend every frame of a transform this way.
final class InterpolationTests: XCTestCase {
    func testEveryAlphaIsTheFormulaOnTheDecomposedEnds() {
        var state: UInt64 = 7
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        func transform() -> CGAffineTransform {
            switch Int(unit() * 5) {
            case 0: return .identity
            case 1: return CGAffineTransform(scaleX: 0.1 + 2 * unit(), y: 0.1 + 2 * unit())
            case 2: return CGAffineTransform(rotationAngle: 8 * unit() - 4).scaledBy(x: unit() < 0.3 ? -1 : 1, y: 1)
            case 3: return CGAffineTransform(a: 2 * unit() - 1, b: 2 * unit() - 1, c: 2 * unit() - 1, d: 2 * unit() - 1,
                                             tx: 100 * unit(), ty: -50 * unit())
            default: return CGAffineTransform(a: 0, b: 0, c: unit(), d: unit(), tx: unit(), ty: 0)  // no first column
            }
        }
        let bits = { (t: CGAffineTransform) in [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0).bitPattern } }
        for _ in 0..<2000 {
            let (a, b) = (transform(), transform())
            let blend = Interpolation(from: a, to: b)
            let (from, to) = (a.vector, b.vector(nearestTo: a.vector))
            for alpha in [-0.4, 0, 0.25 * unit(), 0.5, 1 - unit() * 0.1, 1, 1.3] {
                let expected = CGAffineTransform(vector: from + alpha * (to - from))
                XCTAssertEqual(bits(blend.value(at: alpha)), bits(expected), "\(a) → \(b) at \(alpha)")
                XCTAssertEqual(bits(a.interpolated(to: b, alpha: alpha)), bits(expected), "\(a) → \(b) at \(alpha)")
            }
        }
    }
}
