import Foundation
import Spruce

/// What one view looks like at one frame, in Lottie's terms: the layer transform (anchor, position, scale in
/// percent, rotation in degrees clockwise), the opacity it is painted with (percent, its ancestors' included,
/// since Lottie parenting carries the transform only) and the paint of its box.
///
/// Held for every view at every frame until the keyframes are fitted, so its 24 numbers are stored inline (192
/// bytes, no array per property); the properties read as arrays, as the keyframe fitter takes them.
struct ViewFrame {
    private var pairs: SIMD8<Double>  // anchor, position, scale, size
    private var colours: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)  // background, border, text
    var rotation: Double
    var opacity: Double
    var cornerRadius: Double
    var borderWidth: Double

    init(anchor: [Double], position: [Double], scale: [Double], rotation: Double, opacity: Double, size: [Double],
         cornerRadius: Double, background: [Double], borderWidth: Double, borderColor: [Double], textColor: [Double]) {
        pairs = SIMD8(anchor[0], anchor[1], position[0], position[1], scale[0], scale[1], size[0], size[1])
        colours = (SIMD4(background), SIMD4(borderColor), SIMD4(textColor))
        (self.rotation, self.opacity, self.cornerRadius, self.borderWidth) = (rotation, opacity, cornerRadius, borderWidth)
    }

    var anchor: [Double] { [pairs[0], pairs[1]] }
    var position: [Double] { [pairs[2], pairs[3]] }
    var scale: [Double] { [pairs[4], pairs[5]] }
    var size: [Double] { [pairs[6], pairs[7]] }
    var background: [Double] { Self.array(colours.0) }
    var borderColor: [Double] { Self.array(colours.1) }
    var textColor: [Double] { Self.array(colours.2) }

    private static func array(_ c: SIMD4<Double>) -> [Double] { [c[0], c[1], c[2], c[3]] }
}

/// One view over the whole film: what does not change (kind, text, image, id) and a `ViewFrame` per frame.
struct ViewTrack {
    enum Kind { case plain, label(Label), image(ImageView) }

    /// `id`, or the place in the tree (`root/2/0`).
    let name: String
    /// Index of the parent's track (nil for the root).
    let parent: Int?
    let kind: Kind
    let clipsToBounds: Bool
    /// The view's bounds at the first frame (labels and images keep theirs for the whole film).
    let bounds: CGRect
    var frames: [ViewFrame] = []

    var hasSubviewsOrContent: Bool {
        if case .plain = kind { return false }
        return true
    }
}

/// Lottie's layer transform from a view's geometry: anchor at the bounds' centre, position at `center` plus
/// the transform's translation, and the 2×2 part split into scale and rotation. A skewed transform has no such
/// split and is refused.
enum LayerTransform {
    static func of(_ view: View, name: String, previousRotation: Double?) throws -> (anchor: [Double], position: [Double], scale: [Double], rotation: Double) {
        let t = view.transform
        let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
        let sx = (a * a + b * b).squareRoot()
        let det = a * d - b * c
        guard sx > 1e-12 else {
            // A view scaled to nothing along x: draw nothing, keep the rotation it had.
            return (anchor(view), position(view), [0, 0], previousRotation ?? 0)
        }
        let sy = det / sx
        // Row vectors: [x y]·S·R gives a = sx·cos, b = sx·sin, c = −sy·sin, d = sy·cos; a·c + b·d = 0 without skew.
        let skew = a * c + b * d
        guard abs(skew) <= 1e-6 * max(1, sx * sx, abs(det)) else {
            throw LottieExportError(view: name, property: "transform", reason: "is skewed (a·c + b·d = \(skew)); Lottie layers take scale and rotation only")
        }
        var degrees = atan2(b, a) * 180 / .pi
        if let previous = previousRotation {
            // Keep the angle continuous from frame to frame, so a full turn is not interpolated backwards.
            degrees += (((previous - degrees) / 360).rounded()) * 360
        }
        return (anchor(view), position(view), [sx * 100, sy * 100], degrees)
    }

    private static func anchor(_ v: View) -> [Double] { [Double(v.bounds.midX), Double(v.bounds.midY)] }
    private static func position(_ v: View) -> [Double] {
        [Double(v.center.x + v.transform.tx), Double(v.center.y + v.transform.ty)]
    }
}

extension Color {
    var lottie: [Double] { [red, green, blue, alpha] }
}
