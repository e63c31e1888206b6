import Foundation

extension SceneDocument {
    /// Whether some view generates a grid of tiles (what `--rows`/`--columns` change).
    public var hasGrid: Bool { views.contains { $0.containsGrid } }

    /// The same scene with its first grid re-cut into `rows × columns` tiles that fill the grid view as
    /// before (same inset and spacing; the tile size follows), so the canvas and margins stay put.
    /// Throws when the scene has no grid or a count is outside 1…1000.
    public func regridded(rows: Int?, columns: Int?) throws -> SceneDocument {
        for (name, n) in [("rows", rows), ("columns", columns)] {
            if let n, !(1...1000).contains(n) { throw SceneError(name, "must be 1…1000, got \(n)") }
        }
        var copy = self
        var done = false
        for i in copy.views.indices where !done {
            done = copy.views[i].regrid(rows: rows, columns: columns)
        }
        guard done else { throw SceneError("views", "the scene has no grid to give rows or columns") }
        return copy
    }
}

extension ViewSpec {
    var containsGrid: Bool { grid != nil || subviews.contains { $0.containsGrid } }

    /// Depth-first, the view's own grid before its subviews'; true once one grid was changed.
    mutating func regrid(rows: Int?, columns: Int?) -> Bool {
        if var g = grid {
            g.rows = rows ?? g.rows
            g.columns = columns ?? g.columns
            g.tileSize = nil
            grid = g
            return true
        }
        for i in subviews.indices where subviews[i].regrid(rows: rows, columns: columns) { return true }
        return false
    }
}
