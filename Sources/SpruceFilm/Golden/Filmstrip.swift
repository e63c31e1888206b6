import Foundation
import Spruce
import SpruceRender

/// Frames of a film at chosen times, side by side in rows of up to `columns`, each over its time: the
/// picture a filmstrip golden stores (one page of it, `FilmstripLayout`). Frames are drawn at the canvas scale
/// and copied pixel for pixel, so a cell of the strip is exactly the frame the video shows.
public struct Filmstrip {
    /// The strip's picture.
    public let bitmap: Bitmap
    /// The film time of each cell, in seconds, in cell order; empty for a strip read from a PNG.
    public let times: [Double]
    /// Where each frame sits in `bitmap`, in pixels.
    public let cells: [(x: Int, y: Int, width: Int, height: Int)]
    /// The film it shows (nil for a strip read from a PNG), so a comparison can name the views it finds differing.
    public var film: Film?

    /// Pixels between two cells and around the strip.
    public static let gap = 8
    /// Pixels of the caption band under each cell, where its time is written.
    public static let caption = 20
    /// Cells in a row, at most.
    public static let columns = 4

    /// A strip read back from a golden PNG: the layout follows from the times and the frame size.
    public init(bitmap: Bitmap, times: [Double], cells: [(x: Int, y: Int, width: Int, height: Int)]) {
        (self.bitmap, self.times, self.cells) = (bitmap, times, cells)
    }

    /// One picture of the frames at `times`; throws `FilmError.invalid` when they do not fit one picture the
    /// program can read back (`FilmstripLayout`), where `pages` splits them.
    public init(film: Film, times: [Double], scale: CGFloat? = nil, cancellation: RenderCancellation? = nil) throws {
        let renderer = try film.makeRenderer(scale: scale)
        let (w, h) = (renderer.pixelWidth, renderer.pixelHeight)
        guard times.isEmpty || FilmstripLayout(frameWidth: w, frameHeight: h, frameCount: times.count).pageCount == 1 else {
            let whole = FilmstripLayout.oneSheet(frameWidth: w, frameHeight: h, frameCount: times.count)
            throw FilmError.invalid("a filmstrip of \(times.count) frames of \(w)×\(h) pixels would be "
                                    + "\(whole.width)×\(whole.height) pixels; at most \(Bitmap.maximumSide) a side and "
                                    + "\(Bitmap.maximumPixels) in all: take fewer times (FilmGoldens splits a strip into pages)")
        }
        self = try Filmstrip.pages(film: film, times: times, scale: scale, cancellation: cancellation)[0]
    }

    /// The frames at `times` in pages of `FilmstripLayout`, each a picture the program can read back.
    public static func pages(film: Film, times: [Double], scale: CGFloat? = nil, cancellation: RenderCancellation? = nil) throws -> [Filmstrip] {
        let renderer = try film.makeRenderer(scale: scale)
        let pages = try Pages(film: film, times: times, renderer: renderer, cancellation: cancellation)
        _ = try film.goldenPass(frames: times, renderer: renderer, drawn: pages.place, samples: [], cancellation: cancellation)
        return pages.strips
    }

    /// The pages of a strip of `times` drawn by `renderer`, labelled, their cells empty until `place` puts each frame
    /// in: a pass of the film draws each frame into one bitmap, so only the pages are held, not every frame too.
    struct Pages {
        let layout: FilmstripLayout
        let strips: [Filmstrip]

        init(film: Film, times: [Double], renderer: Renderer, cancellation: RenderCancellation?) throws {
            guard !times.isEmpty else { throw FilmError.invalid("a filmstrip needs at least one time") }
            layout = FilmstripLayout(frameWidth: renderer.pixelWidth, frameHeight: renderer.pixelHeight, frameCount: times.count)
            let layout = layout
            strips = try (0..<layout.pageCount).map { page in
                try cancellation?.throwIfCancelled()
                var strip = try Filmstrip(times: Array(times[layout.frames(onPage: page)]), layout: layout)
                strip.film = film
                return strip
            }
        }

        /// Copies frame `i` of the strip into its cell.
        func place(_ i: Int, _ frame: Bitmap) {
            let strip = strips[i / layout.framesPerPage], cell = strip.cells[i % layout.framesPerPage]
            Filmstrip.blit(frame, into: strip.bitmap, at: cell.x, cell.y)
        }
    }

    /// One page of the frames at `times` in `layout`'s cells, each over its time (bare pages have no caption), the
    /// cells empty.
    private init(times: [Double], layout: FilmstripLayout) throws {
        let size = layout.pageSize(frames: times.count)
        let cells = times.indices.map { layout.cell($0) }
        let sheet = View(frame: CGRect(x: 0, y: 0, width: size.width, height: size.height))
        sheet.backgroundColor = Color(white: 0.93)
        for (cell, t) in zip(cells, times) where layout.caption > 0 {
            let label = Label(frame: CGRect(x: cell.x, y: cell.y + cell.height + 2, width: cell.width, height: layout.caption - 4))
            label.text = "\(Film.label(t)) s"
            label.font = Font.systemFont(ofSize: 12)
            label.textColor = Color(white: 0.25)
            label.textAlignment = .center
            sheet.addSubview(label)
        }
        let bitmap = try Renderer(size: CGSize(width: size.width, height: size.height), scale: 1, background: Color(white: 0.93)).render(sheet)
        self.init(bitmap: bitmap, times: times, cells: cells)
    }

    /// The frame of cell `i`.
    public func frame(_ i: Int) throws -> Bitmap { try Filmstrip.crop(bitmap, cells[i]) }

    /// Copies `src` into `dst` with its top left at (`x`, `y`), a row at a time (clipped at `dst`'s edges).
    static func blit(_ src: Bitmap, into dst: Bitmap, at x: Int, _ y: Int) {
        let bytes = min(src.width, dst.width - x) * 4
        guard bytes > 0 else { return }
        src.withUnsafeBytes { s in
            dst.withUnsafeMutableBytes { d in
                for r in 0..<src.height where y + r < dst.height {
                    (d.baseAddress! + (y + r) * dst.stride + x * 4).copyMemory(from: s.baseAddress! + r * src.stride, byteCount: bytes)
                }
            }
        }
    }

    /// A copy of `cell`'s pixels of `src`, which must lie inside it; throws when the bitmap cannot be allocated.
    public static func crop(_ src: Bitmap, _ cell: (x: Int, y: Int, width: Int, height: Int)) throws -> Bitmap {
        let out = try Bitmap(width: cell.width, height: cell.height)
        src.withUnsafeBytes { s in
            out.withUnsafeMutableBytes { d in
                for r in 0..<cell.height {
                    (d.baseAddress! + r * out.stride).copyMemory(from: s.baseAddress! + (cell.y + r) * src.stride + cell.x * 4,
                                                                 byteCount: cell.width * 4)
                }
            }
        }
        return out
    }
}
