import Foundation

/// A sort that weighs horizontal against vertical distance.
public protocol WeightSortFunction: SortFunction {
    /// How much horizontal distance counts.
    var horizontalWeight: Weight { get set }
    /// How much vertical distance counts.
    var verticalWeight: Weight { get set }
}
