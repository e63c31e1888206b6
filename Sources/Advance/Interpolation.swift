/// A blend between two values with both ends' vectors worked out once: `VectorConvertible.interpolated(to:alpha:)`
/// for many alphas between the same two values (an animation's frames) without converting both ends for every one.
///
/// ```
/// let turn = Interpolation(from: CGAffineTransform.identity, to: CGAffineTransform(rotationAngle: .pi / 2))
/// let halfway = turn.value(at: 0.5)   // a quarter turn's half, decomposed once
/// ```
@frozen
public struct Interpolation<Value: VectorConvertible> {
    /// The start's vector.
    public let from: Value.VectorType
    /// The end's vector nearest the start's (`VectorConvertible.vector(nearestTo:)`: rotations take the short way).
    public let to: Value.VectorType

    /// The blend from `start` to `end`, both converted to vectors now.
    @inlinable
    public init(from start: Value, to end: Value) {
        from = start.vector
        to = end.vector(nearestTo: from)
    }

    /// The value `alpha` of the way: the start at 0, the end at 1, extrapolated outside 0…1.
    @inlinable
    public func value(at alpha: Double) -> Value {
        Value(vector: from.interpolated(to: to, alpha: alpha))
    }
}
