/// A value that can be blended with another of its kind.
///
/// `alpha` is not limited to 0…1: springs overshoot, so animation code extrapolates (alpha 1.2 lies
/// beyond the target, alpha -0.1 before the start).
public protocol Interpolatable {
    func interpolated(to other: Self, alpha: Double) -> Self
}
