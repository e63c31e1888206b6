import Foundation
import Geometry
import Spruce
import SpruceFilm
import SpruceRender

/// A storyboard of a scene for slides and review documents: frames of the film in a grid that fills the
/// sheet's width, each with its time underneath, under a title line naming the scene, the sort and the
/// animation and a line saying which moments were sampled. By default the frames come from where
/// something moves (the entrance, the exit), not from the holds (see `SheetSampling`).
///
/// The frames are the film's own frames (the same ones the GIF shows), drawn straight at thumbnail
/// size rather than scaled down afterwards, so edges stay crisp.
public struct ContactSheet {
    public let film: Film
    public let sampling: SheetSampling
    /// The moments shown, in order, and how they were chosen.
    public let choice: SheetSampling.Choice
    public let columns: Int
    public var title: String
    /// Width of the whole sheet in points; the thumbnails grow to fill it, and the title and subtitle wrap at their
    /// " · " to fit it (the sheet never widens for them).
    public var width: CGFloat = ContactSheet.defaultWidth
    /// Pixels per point of the whole sheet (2 for retina slides).
    public var scale: CGFloat = 1
    /// Checked before each thumbnail (reaching a late frame of a big scene steps its clock for a while); a
    /// cancelled render throws `RenderCancelled`.
    public var cancellation: RenderCancellation?

    public static let defaultFrames = 12
    public static let defaultWidth: CGFloat = 1200
    /// Up to this many thumbnails side by side unless `columns` says otherwise.
    public static let maximumDefaultColumns = 6

    /// `frames` moments of the motion (2…200); see `init(film:sampling:…)`.
    public init(film: Film, frames: Int = ContactSheet.defaultFrames, columns: Int? = nil, title: String? = nil,
                cancellation: RenderCancellation? = nil) throws {
        try self.init(film: film, sampling: .motion(count: frames), columns: columns, title: title, cancellation: cancellation)
    }

    /// Chooses the moments now (finding the motion reads every frame of the film once). `columns` is 1…200
    /// (at most one per moment); by default rows of up to six, as even as the count allows.
    public init(film: Film, sampling: SheetSampling, columns: Int? = nil, title: String? = nil,
                cancellation: RenderCancellation? = nil) throws {
        if let columns, !(1...SheetSampling.maximumFrames).contains(columns) {
            throw ReviewError.sampling("contact sheet columns must be 1…\(SheetSampling.maximumFrames), got \(columns)")
        }
        try sampling.validate(duration: film.duration)
        self.film = film
        self.sampling = sampling
        self.cancellation = cancellation
        choice = try sampling.choose(in: film, cancellation: cancellation)
        let n = choice.times.count
        self.columns = min(columns ?? ContactSheet.balancedColumns(n), n)
        self.title = title ?? film.title ?? "Film"
    }

    /// Rows of at most six, the last row as full as the others can make it (12 → 6 + 6, 8 → 4 + 4, 7 → 4 + 3).
    static func balancedColumns(_ n: Int) -> Int {
        let rows = (n + maximumDefaultColumns - 1) / maximumDefaultColumns
        return (n + rows - 1) / rows
    }

    public var times: [Double] { choice.times }

    /// The grid: thumbnail size and sheet size in points, filling `width`, under the title's and subtitle's lines.
    struct Layout {
        var thumbnail: CGSize
        var width: CGFloat
        var rows: Int
        var titleLines: [String], subtitleLines: [String]
        static let gap: CGFloat = 12, caption: CGFloat = 20, titleLine: CGFloat = 22, subtitleLine: CGFloat = 16
        /// Where the thumbnails start: below the margin, the lines and a gap (44 points for one line of each).
        var top: CGFloat {
            ReviewStyle.margin - 4 + CGFloat(titleLines.count) * Self.titleLine + CGFloat(subtitleLines.count) * Self.subtitleLine + 10
        }
    }

    var layout: Layout {
        let m = ReviewStyle.margin
        let width = max(self.width, 160)
        let cell = ((width - 2 * m - CGFloat(columns - 1) * Layout.gap) / CGFloat(columns)).rounded(.down)
        let canvas = film.canvas.size
        let thumb = CGSize(width: max(8, cell), height: max(8, (cell * canvas.height / canvas.width).rounded()))
        return Layout(thumbnail: thumb, width: width, rows: (times.count + columns - 1) / columns,
                      titleLines: ReviewStyle.lines(title, width: width - 2 * m, font: ReviewStyle.titleFont),
                      subtitleLines: ReviewStyle.lines(subtitle, width: width - 2 * m, font: ReviewStyle.subtitleFont))
    }

    /// The sheet's height in points.
    var height: CGFloat {
        let layout = self.layout
        return layout.top + CGFloat(layout.rows) * (layout.thumbnail.height + Layout.caption) + CGFloat(layout.rows - 1) * Layout.gap
            + ReviewStyle.margin
    }

    /// Throws before anything is drawn when the sheet, or a film frame at thumbnail size, has no pixel on a side or
    /// more than Cairo holds: a tall canvas, one thumbnail a row or a wide `width` (known once the moments are chosen).
    public func checkSize() throws {
        let layout = self.layout
        try ReviewStyle.checkPixels(CGSize(width: layout.width, height: height), scale: scale, picture: "the sheet",
                                    advice: "take fewer frames, more columns or a narrower sheet")
        let limit = CGFloat(Bitmap.maximumSide)
        let perPoint = layout.thumbnail.width * scale / film.canvas.size.width
        let thumb = (w: (film.canvas.size.width * perPoint).rounded(), h: (film.canvas.size.height * perPoint).rounded())
        guard thumb.w >= 1, thumb.h >= 1, thumb.w <= limit, thumb.h <= limit else {
            throw ReviewError.tooLarge("a \(Checked.text(film.canvas.size.width))×\(Checked.text(film.canvas.size.height)) canvas makes thumbnails of "
                             + "\(Checked.text(thumb.w))×\(Checked.text(thumb.h)) pixels in a sheet \(Checked.text(layout.width)) points wide; "
                             + "a contact sheet needs a less extreme canvas shape")
        }
    }

    /// Pixels of a sheet in all, as for a film's canvas.
    public static let maximumPixels = ReviewStyle.maximumPixels

    public func render() throws -> Bitmap {
        try checkSize()
        let layout = self.layout, thumb = layout.thumbnail, width = layout.width
        let thumbnails = try drawThumbnails(scale: thumb.width * scale / film.canvas.size.width)
        let m = ReviewStyle.margin, gap = Layout.gap, caption = Layout.caption, top = layout.top
        let height = self.height

        let sheet = ReviewStyle.box(CGRect(x: 0, y: 0, width: width, height: height), ReviewStyle.paper)
        var y = m - 4
        for line in layout.titleLines {
            sheet.addSubview(ReviewStyle.label(line, CGRect(x: m, y: y, width: width - 2 * m, height: Layout.titleLine), font: ReviewStyle.titleFont))
            y += Layout.titleLine
        }
        for line in layout.subtitleLines {
            sheet.addSubview(ReviewStyle.label(line, CGRect(x: m, y: y, width: width - 2 * m, height: Layout.subtitleLine),
                                               font: ReviewStyle.subtitleFont, color: ReviewStyle.muted))
            y += Layout.subtitleLine
        }
        for (i, (image, time)) in zip(thumbnails, times).enumerated() {
            let x = m + CGFloat(i % columns) * (thumb.width + gap)
            let y = top + CGFloat(i / columns) * (thumb.height + caption + gap)
            let card = ImageView(frame: CGRect(x: x, y: y, width: thumb.width, height: thumb.height))
            card.image = image
            card.backgroundColor = film.canvas.background == nil ? ReviewStyle.faint : nil
            card.borderColor = ReviewStyle.rule
            card.borderWidth = 1
            sheet.addSubview(card)
            sheet.addSubview(ReviewStyle.label(reviewTime(time), CGRect(x: x, y: y + thumb.height + 2, width: thumb.width, height: 16),
                                               alignment: .center))
        }
        return try Renderer(size: CGSize(width: width, height: height), scale: scale, background: ReviewStyle.paper).render(sheet)
    }

    /// What was sampled, then the film it was sampled from.
    public var subtitle: String {
        "\(choice.description) · \(film.frameCount) frame\(film.frameCount == 1 ? "" : "s") at \(reviewNumber(film.framesPerSecond)) fps · film \(reviewTime(film.duration))"
    }

    /// The chosen moments exactly as the video pipeline draws them (same clock steps, same reversed
    /// parts), only through a renderer at thumbnail scale.
    func drawThumbnails(scale pixelsPerPoint: CGFloat) throws -> [Image] {
        let renderer = try film.makeRenderer(scale: pixelsPerPoint)
        return try film.sample(at: times, cancellation: cancellation) { root in
            try cancellation?.throwIfCancelled()
            let bitmap = try renderer.render(root)
            return Image(pixelWidth: bitmap.width, pixelHeight: bitmap.height, scale: scale, pixels: bitmap.packedBGRA())
        }
    }
}
