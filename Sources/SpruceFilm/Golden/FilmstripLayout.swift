import SpruceRender

/// Where the frames of a filmstrip go: rows of up to `Filmstrip.columns` cells, each frame over its time, in as
/// many pages (PNG files) as it takes to keep every page within `Bitmap.maximumSide` and `Bitmap.maximumPixels`,
/// the limits `PNGHeader.check` reads back. The frames are never scaled down: a golden must show a view moved by
/// one point, and a frame shrunk to fit would hide it. So a strip that does not fit one picture is split:
///
/// - a strip that fits one picture is one page, in rows of up to `Filmstrip.columns` cells, the layout
///   every one-picture golden is read back with;
/// - otherwise the columns are as many as fit the side (up to four), and each page holds as many whole rows as
///   fit the side and the pixels (a 3840 × 2160 canvas: four frames a page, two pages for eight frames);
/// - a frame too large to fit with its gaps and caption (a 16384 × 4096 canvas) is a page by itself, bare.
public struct FilmstripLayout: Equatable {
    /// The size of one frame in pixels, and the number of frames in the whole strip (at least 1).
    public let frameWidth: Int, frameHeight: Int, frameCount: Int
    /// Margin around and between cells, and the caption's height under each frame (0 for bare pages).
    public let gap: Int, caption: Int
    /// Cells in a row, at most.
    public let columns: Int
    /// Rows on one page, at most.
    public let rowsPerPage: Int

    /// The layout of `frameCount` frames of `frameWidth` × `frameHeight` pixels: as many columns (up to
    /// ``Filmstrip/columns``) and rows a page as fit the bitmap limits.
    public init(frameWidth: Int, frameHeight: Int, frameCount: Int) {
        (self.frameWidth, self.frameHeight, self.frameCount) = (frameWidth, frameHeight, max(1, frameCount))
        let g = Filmstrip.gap, c = Filmstrip.caption
        guard Self.fits(frameWidth + 2 * g, frameHeight + c + 2 * g) else {
            (gap, caption, columns, rowsPerPage) = (0, 0, 1, 1)
            return
        }
        (gap, caption) = (g, c)
        let count = self.frameCount
        var columns = min(Filmstrip.columns, count)
        // The widest row that still fits with one row under it.
        while columns > 1, !Self.fits(columns * (frameWidth + g) + g, frameHeight + c + 2 * g) { columns -= 1 }
        self.columns = columns
        let rows = (count + columns - 1) / columns, width = columns * (frameWidth + g) + g
        var perPage = rows
        while perPage > 1, !Self.fits(width, perPage * (frameHeight + c + g) + g) { perPage -= 1 }
        rowsPerPage = perPage
    }

    static func fits(_ width: Int, _ height: Int) -> Bool { Bitmap.fitsStorage(width: width, height: height) }

    /// Frames on a full page.
    public var framesPerPage: Int { columns * rowsPerPage }
    /// Pages the strip takes.
    public var pageCount: Int { (frameCount + framesPerPage - 1) / framesPerPage }

    /// The indices of the frames on page `page` (0-based).
    public func frames(onPage page: Int) -> Range<Int> {
        page * framesPerPage..<min(frameCount, (page + 1) * framesPerPage)
    }

    /// The size of a page of `count` frames: a last page with fewer frames than a row is narrower.
    public func pageSize(frames count: Int) -> (width: Int, height: Int) {
        let columns = min(self.columns, count), rows = (count + columns - 1) / columns
        return (columns * (frameWidth + gap) + gap, rows * (frameHeight + caption + gap) + gap)
    }

    /// Where frame `i` of a page sits, in pixels.
    public func cell(_ i: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        (gap + (i % columns) * (frameWidth + gap), gap + (i / columns) * (frameHeight + caption + gap), frameWidth, frameHeight)
    }

    /// The golden file of page `page` of strip `name`: `NAME.filmstrip.png` for the first, `NAME.filmstrip.2.png`,
    /// `NAME.filmstrip.3.png` … for the others.
    public static func fileName(_ name: String, page: Int) -> String {
        page == 0 ? "\(name).filmstrip.png" : "\(name).filmstrip.\(page + 1).png"
    }
}

extension FilmstripLayout {
    /// The size all the frames would take in one picture, as the layout would be without pages.
    static func oneSheet(frameWidth: Int, frameHeight: Int, frameCount: Int) -> (width: Int, height: Int) {
        let g = Filmstrip.gap, columns = min(Filmstrip.columns, frameCount), rows = (frameCount + columns - 1) / columns
        return (columns * (frameWidth + g) + g, rows * (frameHeight + Filmstrip.caption + g) + g)
    }
}
