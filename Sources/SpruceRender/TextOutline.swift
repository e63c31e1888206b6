import CCairo
import Foundation
import Spruce

/// A label's text as outlines: the glyphs Cairo would fill, laid out exactly as `TextPainter` draws them, in
/// the label's bounds coordinates. For vector exports (Lottie) that must show text without its font.
public enum TextOutline {
    public enum Element: Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case curve(CGPoint, CGPoint, CGPoint)
        case close
    }

    /// Every path element of the label's glyphs (empty for no text).
    public static func elements(of label: Label) -> [Element] {
        // An unbounded recording surface: on a small image surface Cairo leaves out glyphs beyond its extents.
        let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        TextPainter.layOut(label, on: cr) { line, x, baseline in
            cairo_move_to(cr, x, baseline)
            cairo_text_path(cr, line)
        }
        guard let path = cairo_copy_path(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        // No text (an empty label): Cairo's path has no data at all, not an empty array.
        guard path.pointee.num_data > 0, let data = path.pointee.data else { return [] }
        var out: [Element] = []
        var i = 0
        func point(_ k: Int) -> CGPoint { CGPoint(x: data[i + k].point.x, y: data[i + k].point.y) }
        while i < Int(path.pointee.num_data) {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: out.append(.move(point(1)))
            case CAIRO_PATH_LINE_TO: out.append(.line(point(1)))
            case CAIRO_PATH_CURVE_TO: out.append(.curve(point(1), point(2), point(3)))
            case CAIRO_PATH_CLOSE_PATH: out.append(.close)
            default: break
            }
            i += Int(header.length)
        }
        return out
    }
}
