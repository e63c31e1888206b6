import Foundation

// Advance's own conformances. Scalars use SIMD2 (there is no SIMD1); the unused lane stays 0.

extension Double: VectorConvertible {
    public init(vector: Vector2) { self = vector.x }
    public var vector: Vector2 { Vector2(self, 0) }
}

extension Float: VectorConvertible {
    public init(vector: Vector2) { self = Float(vector.x) }
    public var vector: Vector2 { Vector2(Double(self), 0) }
}

extension CGFloat: VectorConvertible {
    public init(vector: Vector2) { self.init(vector.x) }
    public var vector: Vector2 { Vector2(Double(self), 0) }
}

extension CGPoint: VectorConvertible {
    public init(vector: Vector2) { self.init(x: vector.x, y: vector.y) }
    public var vector: Vector2 { Vector2(Double(x), Double(y)) }
}

extension CGSize: VectorConvertible {
    public init(vector: Vector2) { self.init(width: vector.x, height: vector.y) }
    public var vector: Vector2 { Vector2(Double(width), Double(height)) }
}

extension CGRect: VectorConvertible {
    public init(vector: Vector4) { self.init(x: vector[0], y: vector[1], width: vector[2], height: vector[3]) }
    public var vector: Vector4 {
        Vector4(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height))
    }
}
