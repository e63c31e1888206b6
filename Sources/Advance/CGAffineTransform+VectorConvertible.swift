import Foundation
import Geometry

/// Transforms animate the way Core Animation animates them: decomposed into translation, rotation,
/// scale and shear, each blended on its own, so a rotating view stays rigid instead of collapsing as
/// a matrix blended entry by entry would.
///
/// Vector lanes: `[tx, ty, rotation (radians), scaleX, scaleY, shear, 0, 0]`, where the linear part is
/// `rotation · scale · shear`, i.e. `a = cos·sx`, `b = sin·sx`, `c = cos·sx·shear − sin·sy`,
/// `d = sin·sx·shear + cos·sy`. A reflection is carried by a negative scale (on x when `a < d`, as
/// WebKit decomposes), so a horizontal flip blends through a zero x-scale rather than a half turn.
extension CGAffineTransform: VectorConvertible {
    /// The transform rebuilt from its decomposed lanes: translation, then rotation · scale · shear as described above.
    public init(vector v: Vector8) {
        let (tx, ty, angle, sx, sy, shear) = (v[0], v[1], v[2], v[3], v[4], v[5])
        let (s, c) = (sin(angle), cos(angle))
        self.init(
            a: CGFloat(c * sx), b: CGFloat(s * sx),
            c: CGFloat(c * sx * shear - s * sy), d: CGFloat(s * sx * shear + c * sy),
            tx: CGFloat(tx), ty: CGFloat(ty))
    }

    /// The transform decomposed into `[tx, ty, rotation, scaleX, scaleY, shear, 0, 0]`; a transform whose first column
    /// is zero puts its second column into rotation and y-scale.
    public var vector: Vector8 {
        let (a, b, c, d) = (Double(self.a), Double(self.b), Double(self.c), Double(self.d))
        var sx = (a * a + b * b).squareRoot()
        guard sx != 0 else {
            // The first column vanished: put the whole second column into rotation and y-scale.
            let sy = (c * c + d * d).squareRoot()
            let angle = sy == 0 ? 0 : atan2(-c, d)
            return Vector8(Double(tx), Double(ty), angle, 0, sy, 0, 0, 0)
        }
        if a * d - b * c < 0, a < d { sx = -sx }
        let (cosA, sinA) = (a / sx, b / sx)
        let angle = atan2(sinA, cosA)
        let shearTimesSx = cosA * c + sinA * d
        let sy = -sinA * c + cosA * d
        return Vector8(Double(tx), Double(ty), angle, sx, sy, shearTimesSx / sx, 0, 0)
    }

    /// The rotation lane moved by whole turns to lie within half a turn of `reference`'s.
    public func vector(nearestTo reference: Vector8) -> Vector8 {
        var v = vector
        v[2] = reference[2] + remainder(v[2] - reference[2], 2 * Double.pi)
        return v
    }
}
