import Foundation

/// Ids must be unique in a scene: `choreography.target`, `exclude` and `View.view(withID:)` take the first
/// view with an id, and the timing export names views by id, so a second view with the same id would be
/// silently ignored. The root view has the id `root`.
///
/// A grid's tile ids (`tile-0-0`, `tile-0-1`, …) count too, but they are compared by their shape rather than
/// spelled out, so that a 1000 × 1000 grid costs no more to check than a single view.
struct ViewIDs {
    /// Explicit ids: the path of the `id` key that gave each.
    private var explicit: [String: String] = ["root": ""]
    /// Explicit ids shaped like a tile id (`prefix-row-column`), by prefix, in document order.
    private var tileShaped: [String: [(row: Int, column: Int, id: String, path: String)]] = [:]
    /// Grid templates with an id, by that id: where they are and how many tiles they make.
    private var grids: [String: (path: String, rows: Int, columns: Int)] = [:]

    /// Throws a `SceneError` at the second use of an id, naming where it was first used.
    static func check(_ views: [ViewSpec]) throws {
        var ids = ViewIDs()
        for (i, v) in views.enumerated() { try ids.visit(v, "views[\(i)]", repeatedBy: nil) }
    }

    /// In the builder's order: the view's id, its grid's tiles, then its subviews. `repeatedBy` is the grid
    /// (if any) that copies this view into several tiles: any id in there would repeat.
    private mutating func visit(_ spec: ViewSpec, _ path: String, repeatedBy grid: String?) throws {
        if let id = spec.id {
            if let grid {
                throw SceneError("\(path).id", "duplicate id \"\(id)\": \(grid) copies it into every tile "
                                 + "(only the tile's own id gets -row-column)")
            }
            try add(id, at: "\(path).id")
        }
        if let g = spec.grid {
            let tilePath = "\(path).grid.tile"
            if let prefix = g.tile.id {
                if let grid {
                    throw SceneError("\(tilePath).id", "duplicate id \"\(prefix)-0-0\": \(grid) copies this grid into every tile")
                }
                try addGrid(prefix, rows: g.rows, columns: g.columns, at: "\(tilePath).id")
            }
            var template = g.tile
            template.id = nil
            try visit(template, tilePath, repeatedBy: grid ?? (g.rows * g.columns > 1 ? "\(path).grid" : nil))
        }
        for (i, s) in spec.subviews.enumerated() { try visit(s, "\(path).subviews[\(i)]", repeatedBy: grid) }
    }

    private mutating func add(_ id: String, at path: String) throws {
        if let first = explicit[id] {
            let place = first.isEmpty ? "first used by the root view (which covers the canvas)" : "first used at \(first)"
            throw SceneError(path, "duplicate id \"\(id)\", \(place)")
        }
        let cell = Self.tileCell(id)
        if let (prefix, row, column) = cell, let g = grids[prefix], row < g.rows, column < g.columns {
            throw SceneError(path, "duplicate id \"\(id)\", first used at \(g.path) (the tile in row \(row), column \(column))")
        }
        explicit[id] = path
        if let (prefix, row, column) = cell { tileShaped[prefix, default: []].append((row, column, id, path)) }
    }

    private mutating func addGrid(_ prefix: String, rows: Int, columns: Int, at path: String) throws {
        if let g = grids[prefix] {
            throw SceneError(path, "duplicate id \"\(prefix)-0-0\", first used at \(g.path) (the tile in row 0, column 0)")
        }
        if let hit = tileShaped[prefix]?.first(where: { $0.row < rows && $0.column < columns }) {
            throw SceneError(path, "duplicate id \"\(hit.id)\", first used at \(hit.path)")
        }
        grids[prefix] = (path, rows, columns)
    }

    /// `("tile", 2, 3)` for `tile-2-3`: the only way the builder could also make this id. Row and column are
    /// written without leading zeros, as the builder writes them.
    static func tileCell(_ id: String) -> (prefix: String, row: Int, column: Int)? {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        func index(_ s: Substring) -> Int? {
            guard let n = Int(s), n >= 0, String(n) == s else { return nil }
            return n
        }
        guard let row = index(parts[parts.count - 2]), let column = index(parts[parts.count - 1]) else { return nil }
        return (parts.dropLast(2).joined(separator: "-"), row, column)
    }
}
