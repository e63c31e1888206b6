import Foundation

/// A stagger in the style of GSAP and anime.js: views sit on a grid (given, or inferred from their
/// centers), and each waits in proportion to its distance in cells from an origin.
///
/// With `distance` the cell distance from `from` (along `axis`, or straight-line), `d₀`/`d₁` its
/// minimum/maximum over the views and `l = (distance − d₀)/(d₁ − d₀)` (0 when all are equal):
/// `offset = total · easing(l)`, where `total = amount` or `each · (d₁ − d₀)`; `reversed` gives
/// `total − offset`. With linear easing, `.each(t)` is exactly t per cell, as in anime.js.
public struct StaggerSortFunction: SortFunction {
    /// Seconds per cell of distance, or in total.
    public var timing: Timing
    /// Where the stagger starts.
    public var from: Origin
    /// The axis distances are measured along; nil measures straight-line distance in cells.
    public var axis: Axis?
    /// nil infers the grid from the views' centers.
    public var grid: Grid?
    /// The curve applied to each view's share of the distance range.
    public var easing: SortEasing
    /// When true, the order is reversed: the views that would start last start first.
    public var reversed: Bool

    /// A stagger of `each` seconds per grid cell of distance from `from`.
    ///
    /// - Precondition: `each` is finite and ≥ 0, the grid has at least one row and column
    ///   (`validated(...)` throws instead).
    public init(each: TimeInterval, from: Origin = .start, axis: Axis? = nil, grid: Grid? = nil,
                easing: SortEasing = .linear, reversed: Bool = false) {
        self.init(timing: .each(each), from: from, axis: axis, grid: grid, easing: easing, reversed: reversed)
    }

    /// A stagger whose first and last views start `amount` seconds apart.
    ///
    /// - Precondition: `amount` is finite and ≥ 0, the grid has at least one row and column
    ///   (`validated(...)` throws instead).
    public init(amount: TimeInterval, from: Origin = .start, axis: Axis? = nil, grid: Grid? = nil,
                easing: SortEasing = .linear, reversed: Bool = false) {
        self.init(timing: .amount(amount), from: from, axis: axis, grid: grid, easing: easing, reversed: reversed)
    }

    /// A stagger with the given timing, origin, axis, grid and easing.
    ///
    /// - Precondition: the timing's seconds finite and ≥ 0, the grid at least 1 × 1, a point origin finite and an index
    ///   origin ≥ 0 (``validated(timing:from:axis:grid:easing:reversed:)`` throws instead).
    public init(timing: Timing, from: Origin = .start, axis: Axis? = nil, grid: Grid? = nil,
                easing: SortEasing = .linear, reversed: Bool = false) {
        (self.timing, self.from, self.axis, self.grid, self.easing, self.reversed) =
            (timing, from, axis, grid, easing, reversed)
        Check.require { try validate() }
    }

    /// The checked twin of ``init(timing:from:axis:grid:easing:reversed:)``: throws ``SpruceError`` for an out-of-range
    /// value instead of stopping the program.
    public static func validated(timing: Timing, from: Origin = .start, axis: Axis? = nil, grid: Grid? = nil,
                                 easing: SortEasing = .linear, reversed: Bool = false) throws -> StaggerSortFunction {
        try check(timing: timing, from: from, grid: grid)
        return StaggerSortFunction(timing: timing, from: from, axis: axis, grid: grid, easing: easing, reversed: reversed)
    }

    /// Throws ``SpruceError`` for seconds that are not finite and ≥ 0, a grid smaller than 1 × 1, a point origin that
    /// is not finite or a negative index origin.
    public func validate() throws { try Self.check(timing: timing, from: from, grid: grid) }

    private static func check(timing: Timing, from: Origin, grid: Grid?) throws {
        switch timing {
        case .each(let value): guard value.isFinite, value >= 0 else { throw SpruceError.invalidStaggerEach(value) }
        case .amount(let value): guard value.isFinite, value >= 0 else { throw SpruceError.invalidStaggerAmount(value) }
        }
        if let grid, grid.rows < 1 || grid.columns < 1 {
            throw SpruceError.invalidStaggerGrid(rows: grid.rows, columns: grid.columns)
        }
        if case .point(let p) = from, !(p.x.isFinite && p.y.isFinite) { throw SpruceError.invalidStaggerOrigin(p) }
        if case .index(let i) = from, i < 0 { throw SpruceError.staggerIndexOutOfRange(index: i, views: 0) }
    }

    /// Lenient: an index outside the views is clamped, views beyond a too-small grid continue on
    /// further rows. `checkedTimeOffsets` reports both instead.
    public func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        (try? offsets(view: view, recursiveDepth: recursiveDepth, strict: false)) ?? []
    }

    /// Like ``timeOffsets(view:recursiveDepth:)``, but an index origin beyond the views, a grid too small for them, a
    /// bad depth or a bad offset throw ``SpruceError``.
    public func checkedTimeOffsets(view: View, recursiveDepth: Int) throws -> [TimedView] {
        try Check.recursiveDepth(recursiveDepth)
        try validate()
        return try Check.offsets(offsets(view: view, recursiveDepth: recursiveDepth, strict: true))
    }

    private func offsets(view: View, recursiveDepth: Int, strict: Bool) throws -> [TimedView] {
        let subviews = SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth)
        guard !subviews.isEmpty else { return [] }
        let points = subviews.map(\.referencePoint)
        let cells: StaggerCells
        if let grid {
            if strict, grid.rows * grid.columns < points.count {
                throw SpruceError.staggerGridTooSmall(rows: grid.rows, columns: grid.columns, views: points.count)
            }
            cells = StaggerCells(points: points, grid: grid)
        } else {
            cells = StaggerCells(points: points)
        }
        let origin = try originCell(cells, strict: strict)
        var distances = subviews.indices.map { i -> Double in
            let dx = Double(cells.column[i]) - origin.x, dy = Double(cells.row[i]) - origin.y
            switch axis {
            case .x: return abs(dx)
            case .y: return abs(dy)
            case nil: return (dx * dx + dy * dy).squareRoot()
            }
        }
        if from == .edges, let farthest = distances.max() {
            distances = distances.map { farthest - $0 }
        }
        let nearest = distances.min() ?? 0, span = (distances.max() ?? 0) - nearest
        let total: TimeInterval
        switch timing {
        case .each(let each): total = each * span
        case .amount(let amount): total = amount
        }
        return subviews.indices.map { i in
            let progress = span > 0 ? (distances[i] - nearest) / span : 0
            let offset = total * easing(progress)
            return TimedView(spruceView: subviews[i].view, timeOffset: reversed ? total - offset : offset)
        }
    }

    private func originCell(_ cells: StaggerCells, strict: Bool) throws -> (x: Double, y: Double) {
        let count = cells.column.count
        switch from {
        case .start: return (0, 0)
        case .end: return (Double(cells.columns - 1), Double(cells.rows - 1))
        case .center, .edges: return (Double(cells.columns - 1) / 2, Double(cells.rows - 1) / 2)
        case .index(let index):
            if strict, !(0..<count).contains(index) {
                throw SpruceError.staggerIndexOutOfRange(index: index, views: count)
            }
            let i = min(max(index, 0), count - 1)
            return (Double(cells.column[i]), Double(cells.row[i]))
        case .point(let point):
            return cells.cell(at: point)
        }
    }
}

/// GSAP's and anime.js' name.
public typealias Stagger = StaggerSortFunction
