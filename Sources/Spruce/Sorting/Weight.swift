import Foundation

/// How strongly one axis counts in a `ContinuousWeightedSortFunction`.
public enum Weight: Equatable, Sendable {
    /// Half weight: coefficient 0.5.
    case light
    /// Normal weight: coefficient 1.
    case medium
    /// Double weight: coefficient 2.
    case heavy
    /// Negative values (and NaN) count as 0, as in the original. Must be finite.
    case custom(Double)

    /// The multiplier for the axis's distance: 0.5, 1, 2, or the custom value (0 when negative or NaN).
    public var coefficient: Double {
        switch self {
        case .light: return 0.5
        case .medium: return 1.0
        case .heavy: return 2.0
        case .custom(let value): return value.isNaN ? 0 : max(0, value)
        }
    }
}
