/// A value that can be blended with another of its kind.
///
/// `alpha` is not limited to 0…1: springs overshoot, so animation code extrapolates (alpha 1.2 lies
/// beyond the target, alpha -0.1 before the start).
public protocol Interpolatable {
    /// The value `alpha` of the way from this value to `other`: this value at 0, `other` at 1, extrapolated beyond.
    func interpolated(to other: Self, alpha: Double) -> Self
}
