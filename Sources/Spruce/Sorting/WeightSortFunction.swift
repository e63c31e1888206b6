import Foundation

/// A sort that weighs horizontal against vertical distance.
public protocol WeightSortFunction: SortFunction {
    var horizontalWeight: Weight { get set }
    var verticalWeight: Weight { get set }
}
