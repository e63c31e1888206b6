import Geometry

/// Colours animate component-wise in straight (non-premultiplied) RGBA, as UIKit's view animations do.
extension Color: VectorConvertible {
    /// The colour with red, green, blue and alpha from the vector's four lanes, in that order.
    public init(vector: Vector4) { self.init(red: vector[0], green: vector[1], blue: vector[2], alpha: vector[3]) }
    /// `[red, green, blue, alpha]`, straight (not premultiplied).
    public var vector: Vector4 { Vector4(red, green, blue, alpha) }
}
