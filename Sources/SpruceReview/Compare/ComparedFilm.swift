import SpruceFilm
import SpruceRender

/// One film of a comparison in a buffer of its own, brought from frame to frame by redrawing only what changed
/// (`DamageTrackingCursor`, as the video pipeline draws: the same bytes as a whole redraw). Past its end a film
/// holds its last frame. A frame costs what changed in it, not a redraw of every view.
final class ComparedFilm {
    let frameCount: Int
    let width: Int, height: Int
    /// The frame `show(frame:)` reached, premultiplied BGRA, rows `width * 4` bytes apart.
    private(set) var pixels: [UInt8]
    private let cursor: DamageTrackingCursor
    private var held: PaintSnapshot?
    private var shown = -1

    init(_ film: Film) throws {
        let source = try film.frameSource()
        guard let cursor = try source.makeCursor() as? DamageTrackingCursor else {
            throw ReviewError.notIncremental
        }
        self.cursor = cursor
        (frameCount, width, height) = (film.frameCount, source.format.width, source.format.height)
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Brings the buffer to frame `index` of the comparison (any order: an earlier frame replays the film).
    /// Returns whether a pixel may have changed since the frame shown before.
    @discardableResult
    func show(frame index: Int) throws -> Bool {
        let target = min(index, frameCount - 1)
        guard target != shown else { return false }
        let (snapshot, region) = try pixels.withUnsafeMutableBytes { try cursor.update($0, holding: held, to: target) }
        (held, shown) = (snapshot, target)
        return !region.isEmpty
    }
}
