import Foundation

extension StaggerSortFunction {
    /// Where the stagger starts, in grid cells (GSAP/anime.js `from`).
    public enum Origin: Equatable {
        /// The top-left cell.
        case start
        /// The middle of the grid (between cells when a side has an even count).
        case center
        /// The bottom-right cell.
        case end
        /// From the outside in: the cells farthest from the center start first.
        case edges
        /// The cell of the view at this position in the sorted list (subview order, pre-order when recursive).
        case index(Int)
        /// A point in the animated view's coordinates, placed between cells by linear interpolation
        /// of the column and row centers, so views need not sit on it.
        case point(CGPoint)
    }

    /// Measure distance along one axis only; nil measures straight-line distance.
    public enum Axis: Equatable, Sendable {
        /// Horizontal distance only, in columns.
        case x
        /// Vertical distance only, in rows.
        case y
    }

    /// How delays add up: per cell of distance, or in total.
    public enum Timing: Equatable, Sendable {
        /// Seconds per grid cell of distance from the origin (anime.js' `stagger(value)`, GSAP's `each`
        /// in a list).
        case each(TimeInterval)
        /// Seconds between the first and the last view, however many there are (GSAP's `amount`).
        case amount(TimeInterval)
    }

    /// A fixed grid laid over the views in list order, row-major: view i sits at column i % columns,
    /// row i / columns. One row of n columns is a plain list.
    public struct Grid: Equatable, Sendable {
        /// Rows of the grid; at least 1.
        public var rows: Int
        /// Columns of the grid; at least 1.
        public var columns: Int

        /// A grid of `rows` × `columns` cells, not checked until the sort function validates it.
        public init(rows: Int, columns: Int) {
            self.rows = rows
            self.columns = columns
        }
    }
}
