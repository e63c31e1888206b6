import Foundation

/// The grid cells of the staggered views, and the maps from view coordinates to (fractional) cells.
struct StaggerCells {
    var column: [Int]
    var row: [Int]
    let columns: Int
    let rows: Int
    /// (center coordinate, column) and (center coordinate, row), sorted by coordinate.
    let columnKnots: [(coordinate: Double, cell: Double)]
    let rowKnots: [(coordinate: Double, cell: Double)]

    /// Fixed grid: list order, row-major. Views beyond `rows × columns` continue on further rows.
    init(points: [CGPoint], grid: StaggerSortFunction.Grid) {
        let columns = max(1, grid.columns)
        column = points.indices.map { $0 % columns }
        row = points.indices.map { $0 / columns }
        self.columns = columns
        rows = max(grid.rows, (points.count + columns - 1) / columns, 1)
        (columnKnots, rowKnots) = Self.knots(points: points, column: column, row: row)
    }

    /// Inferred grid (GSAP's grid "auto"): each distinct center x is a column and each distinct
    /// center y a row, centers within half a point counting as the same.
    init(points: [CGPoint]) {
        column = Self.ranks(points.map { Double($0.x) })
        row = Self.ranks(points.map { Double($0.y) })
        columns = (column.max() ?? 0) + 1
        rows = (row.max() ?? 0) + 1
        (columnKnots, rowKnots) = Self.knots(points: points, column: column, row: row)
    }

    static let tolerance = 0.5

    /// Rank of each value's cluster among the sorted values. O(n log n).
    static func ranks(_ values: [Double]) -> [Int] {
        let order = sortedIndices(values.map(sortKey), descending: false)
        var rank = [Int](repeating: 0, count: values.count)
        var current = -1
        var previous = -Double.infinity
        for index in order {
            let value = sortKey(values[index])
            if current < 0 || !(value - previous <= tolerance) { current += 1 }
            previous = value
            rank[index] = current
        }
        return rank
    }

    /// Mean center coordinate of every occupied column and row.
    static func knots(points: [CGPoint], column: [Int], row: [Int])
        -> ([(coordinate: Double, cell: Double)], [(coordinate: Double, cell: Double)]) {
        func means(_ coordinate: (CGPoint) -> CGFloat, _ cells: [Int]) -> [(coordinate: Double, cell: Double)] {
            var sums: [Int: (sum: Double, count: Int)] = [:]
            for (point, cell) in zip(points, cells) {
                let value = Double(coordinate(point))
                guard value.isFinite else { continue }
                sums[cell, default: (0, 0)].sum += value
                sums[cell, default: (0, 0)].count += 1
            }
            return sums.map { (coordinate: $0.value.sum / Double($0.value.count), cell: Double($0.key)) }
                .sorted { ($0.coordinate, $0.cell) < ($1.coordinate, $1.cell) }
        }
        return (means({ $0.x }, column), means({ $0.y }, row))
    }

    /// Piecewise-linear map from a coordinate to a fractional cell, extended linearly past the ends.
    static func cell(at value: Double, knots: [(coordinate: Double, cell: Double)]) -> Double {
        var distinct: [(coordinate: Double, cell: Double)] = []
        for knot in knots where distinct.last?.coordinate != knot.coordinate { distinct.append(knot) }
        guard let first = distinct.first else { return 0 }
        guard distinct.count > 1 else { return first.cell }
        // The segment containing value (or the nearest end segment).
        var low = 0, high = distinct.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if distinct[mid].coordinate <= value { low = mid } else { high = mid }
        }
        let (a, b) = (distinct[low], distinct[high])
        return a.cell + (value - a.coordinate) / (b.coordinate - a.coordinate) * (b.cell - a.cell)
    }

    func cell(at point: CGPoint) -> (x: Double, y: Double) {
        (Self.cell(at: Double(point.x), knots: columnKnots), Self.cell(at: Double(point.y), knots: rowKnots))
    }
}
