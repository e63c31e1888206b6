import Foundation

// Advance's own conformances. Scalars use SIMD2 (there is no SIMD1); the unused lane stays 0.

extension Double: VectorConvertible {
    /// The value of the vector's first lane; the second is ignored.
    public init(vector: Vector2) { self = vector.x }
    /// `[self, 0]`.
    public var vector: Vector2 { Vector2(self, 0) }
}

extension Float: VectorConvertible {
    /// The vector's first lane, rounded to `Float`; the second is ignored.
    public init(vector: Vector2) { self = Float(vector.x) }
    /// `[self, 0]`, widened to `Double`.
    public var vector: Vector2 { Vector2(Double(self), 0) }
}

extension CGFloat: VectorConvertible {
    /// The vector's first lane; the second is ignored.
    public init(vector: Vector2) { self.init(vector.x) }
    /// `[self, 0]`.
    public var vector: Vector2 { Vector2(Double(self), 0) }
}

extension CGPoint: VectorConvertible {
    /// The point at (`vector.x`, `vector.y`).
    public init(vector: Vector2) { self.init(x: vector.x, y: vector.y) }
    /// `[x, y]`.
    public var vector: Vector2 { Vector2(Double(x), Double(y)) }
}

extension CGSize: VectorConvertible {
    /// The size with width `vector.x` and height `vector.y`.
    public init(vector: Vector2) { self.init(width: vector.x, height: vector.y) }
    /// `[width, height]`.
    public var vector: Vector2 { Vector2(Double(width), Double(height)) }
}

extension CGRect: VectorConvertible {
    /// The rectangle with origin (`vector[0]`, `vector[1]`) and size (`vector[2]`, `vector[3]`).
    public init(vector: Vector4) { self.init(x: vector[0], y: vector[1], width: vector[2], height: vector[3]) }
    /// `[origin.x, origin.y, width, height]`; origin and size animate independently.
    public var vector: Vector4 {
        Vector4(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height))
    }
}
