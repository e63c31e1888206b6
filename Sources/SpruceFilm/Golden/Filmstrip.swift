import Foundation
import Spruce
import SpruceRender
import SpruceVideo

/// Frames of a film at chosen times, side by side in rows of up to `columns`, each over its time: the
/// picture a filmstrip golden stores. Frames are drawn at the canvas scale and copied pixel for pixel, so
/// a cell of the strip is exactly the frame the video shows.
public struct Filmstrip {
    public let bitmap: Bitmap
    public let times: [Double]
    /// Where each frame sits in `bitmap`, in pixels.
    public let cells: [(x: Int, y: Int, width: Int, height: Int)]
    /// The film it shows (nil for a strip read from a PNG), so a comparison can name the views it finds differing.
    public var film: Film?

    public static let gap = 8, caption = 20, columns = 4

    /// A strip read back from a golden PNG: the layout follows from the times and the frame size.
    public init(bitmap: Bitmap, times: [Double], cells: [(x: Int, y: Int, width: Int, height: Int)]) {
        (self.bitmap, self.times, self.cells) = (bitmap, times, cells)
    }

    public init(film: Film, times: [Double], scale: CGFloat? = nil, cancellation: RenderCancellation? = nil) throws {
        guard !times.isEmpty else { throw FilmError.invalid("a filmstrip needs at least one time") }
        let frames = try film.frames(at: times, scale: scale, cancellation: cancellation)
        let fw = frames[0].width, fh = frames[0].height
        let columns = min(Filmstrip.columns, frames.count), rows = (frames.count + columns - 1) / columns
        let g = Filmstrip.gap, c = Filmstrip.caption
        let width = columns * fw + (columns + 1) * g, height = rows * (fh + c + g) + g
        var cells: [(x: Int, y: Int, width: Int, height: Int)] = []
        let sheet = View(frame: CGRect(x: 0, y: 0, width: width, height: height))
        sheet.backgroundColor = Color(white: 0.93)
        for (i, t) in times.enumerated() {
            let x = g + (i % columns) * (fw + g), y = g + (i / columns) * (fh + c + g)
            cells.append((x, y, fw, fh))
            let label = Label(frame: CGRect(x: x, y: y + fh + 2, width: fw, height: c - 4))
            label.text = "\(Film.label(t)) s"
            label.font = Font.systemFont(ofSize: 12)
            label.textColor = Color(white: 0.25)
            label.textAlignment = .center
            sheet.addSubview(label)
        }
        let bitmap = try Renderer(size: CGSize(width: width, height: height), scale: 1, background: Color(white: 0.93)).render(sheet)
        for (frame, cell) in zip(frames, cells) { Filmstrip.blit(frame, into: bitmap, at: cell.x, cell.y) }
        self.init(bitmap: bitmap, times: times, cells: cells)
        self.film = film
    }

    /// The frame of cell `i`.
    public func frame(_ i: Int) throws -> Bitmap { try Filmstrip.crop(bitmap, cells[i]) }

    static func blit(_ src: Bitmap, into dst: Bitmap, at x: Int, _ y: Int) {
        let rows = src.packedBGRA()
        dst.withUnsafeMutableBytes { d in
            for r in 0..<src.height where y + r < dst.height {
                let o = (y + r) * dst.stride + x * 4
                for k in 0..<min(src.width * 4, (dst.width - x) * 4) { d[o + k] = rows[r * src.width * 4 + k] }
            }
        }
    }

    public static func crop(_ src: Bitmap, _ cell: (x: Int, y: Int, width: Int, height: Int)) throws -> Bitmap {
        let out = try Bitmap(width: cell.width, height: cell.height)
        let rows = src.packedBGRA()
        out.withUnsafeMutableBytes { d in
            for r in 0..<cell.height {
                for k in 0..<(cell.width * 4) { d[r * out.stride + k] = rows[((cell.y + r) * src.width + cell.x) * 4 + k] }
            }
        }
        return out
    }
}
