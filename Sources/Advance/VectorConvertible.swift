/// A value that Advance can animate: it converts losslessly enough to a SIMD vector of `Double`s, and
/// the physics (springs, decay) and timed curves run on that vector component by component.
///
/// Conform your own types by choosing a vector width (`SIMD2`, `SIMD4`, `SIMD8` …) and mapping each
/// animatable property to one lane. Types of up to 8 lanes run on Advance's specialised fast path.
public protocol VectorConvertible: Equatable, Interpolatable {
    /// The SIMD vector of `Double`s the value is animated as; its width is the number of animated lanes.
    associatedtype VectorType: SIMD where VectorType.Scalar == Double

    /// The value whose lanes are `vector`'s. Must accept any vector, including ones blended between two values or
    /// overshooting them.
    init(vector: VectorType)
    /// The value as a vector; `Self(vector: value.vector)` must give back an equal value (up to rounding).
    var vector: VectorType { get }

    /// This value's vector, re-expressed as close as possible to `reference`.
    ///
    /// Only types with periodic lanes need it (an angle of 350° is also -10°): animations towards a
    /// target use the target's vector nearest the start, so rotations take the shortest arc.
    /// The default returns `vector`.
    func vector(nearestTo reference: VectorType) -> VectorType
}

/// Two lanes: scalars (with an unused lane), points and sizes.
public typealias Vector2 = SIMD2<Double>
/// Four lanes: rectangles and colours.
public typealias Vector4 = SIMD4<Double>
/// Eight lanes: affine transforms, decomposed.
public typealias Vector8 = SIMD8<Double>

extension VectorConvertible {
    /// The default for types without periodic lanes: ``vector``, whatever `reference` is.
    public func vector(nearestTo reference: VectorType) -> VectorType { vector }

    /// `self` when `alpha` is 0, `other` when it is 1, extrapolated outside 0…1 (`Interpolation`, which converts
    /// both ends once for many alphas). Inlinable so that callers in other modules get it specialised instead of
    /// going through generic SIMD witnesses lane by lane.
    @inlinable
    public func interpolated(to other: Self, alpha: Double) -> Self {
        Interpolation(from: self, to: other).value(at: alpha)
    }

    /// The value whose vector is all zeros (the velocity of a value at rest).
    public static var zero: Self { Self(vector: .zero) }
}
