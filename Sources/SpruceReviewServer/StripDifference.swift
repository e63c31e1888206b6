import SpruceFilm
import SpruceRender

/// The difference picture of a filmstrip golden's first page: `ImageComparison.diffImage` (a faded expected, differing
/// pixels in red) over the frames only. The caption bands under the frames are not compared: their times are each
/// film's own (the timing table compares them), and red marks over the text made it unreadable. There the picture
/// shows the expected's captions, faded, clear of every mark. A strip whose size is not the layout's is compared
/// whole.
enum StripDifference {
    static func image(_ expected: Bitmap, _ actual: Bitmap, layout: FilmstripLayout?) -> Bitmap {
        let comparison = ImageComparison.default
        guard let layout, layout.caption > 0 else { return comparison.diffImage(expected, actual) }
        let count = layout.frames(onPage: 0).count
        let size = layout.pageSize(frames: count)
        guard (expected.width, expected.height) == size, (actual.width, actual.height) == size else {
            return comparison.diffImage(expected, actual)
        }
        // The actual with the expected's caption bands: there the two agree, so nothing is marked.
        let masked = actual.copy(), source = expected.packedBGRA()
        masked.withUnsafeMutableBytes { dst in
            for first in stride(from: 0, to: count, by: layout.columns) {
                let cell = layout.cell(first)
                for y in cell.y + cell.height..<min(cell.y + cell.height + layout.caption, size.height) {
                    let (s, d, row) = (y * size.width * 4, y * masked.stride, size.width * 4)
                    UnsafeMutableRawBufferPointer(rebasing: dst[d..<(d + row)]).copyBytes(from: source[s..<(s + row)])
                }
            }
        }
        return comparison.diffImage(expected, masked)
    }
}
