import Foundation

/// How strongly one axis counts in a `ContinuousWeightedSortFunction`.
public enum Weight: Equatable, Sendable {
    case light
    case medium
    case heavy
    /// Negative values (and NaN) count as 0, as in the original. Must be finite.
    case custom(Double)

    public var coefficient: Double {
        switch self {
        case .light: return 0.5
        case .medium: return 1.0
        case .heavy: return 2.0
        case .custom(let value): return value.isNaN ? 0 : max(0, value)
        }
    }
}
