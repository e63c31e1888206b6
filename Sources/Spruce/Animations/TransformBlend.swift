import Advance
import Foundation

/// A transform animation's two ends, decomposed once: each frame blends their vectors into one transform, the bits
/// `CGAffineTransform.interpolated(to:alpha:)` gives from the two transforms, which decomposes both every time.
struct TransformBlend {
    let from: Vector8, to: Vector8

    init(from a: CGAffineTransform, to b: CGAffineTransform) {
        from = a.vector
        to = b.vector(nearestTo: from)
    }

    /// The transform `progress` of the way (it may leave 0…1, as a spring overshoots).
    func at(_ progress: Double) -> CGAffineTransform {
        CGAffineTransform(vector: from + progress * (to - from))  // Advance's interpolation
    }
}
