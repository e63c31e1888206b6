import CCairo
import Foundation
import Spruce

/// A flat list of shapes for charts, drawn either into a bitmap by Cairo or written as SVG text, so a
/// chart laid out once reads the same as a PNG and as a scalable file for print. Coordinates in points,
/// y down, painted in order.
public struct Drawing {
    public enum Element {
        /// A rectangle, filled and/or outlined.
        case rect(CGRect, fill: Color?, stroke: Color? = nil, lineWidth: CGFloat = 1)
        /// An open polyline; `dash` lengths in points (empty: solid).
        case line([CGPoint], color: Color, width: CGFloat, dash: [CGFloat] = [])
        case circle(center: CGPoint, radius: CGFloat, fill: Color, stroke: Color? = nil)
        /// One line of text, vertically centred in `box`, aligned inside it.
        case text(String, box: CGRect, font: Font, color: Color, alignment: TextAlignment = .left)
    }

    public var size: CGSize
    public var background: Color?
    public private(set) var elements: [Element] = []

    public init(size: CGSize, background: Color?) { (self.size, self.background) = (size, background) }

    public mutating func add(_ element: Element) { elements.append(element) }

    /// The drawing in a new bitmap at `scale` pixels per point.
    public func render(scale: CGFloat = 1) throws -> Bitmap {
        let renderer = try Renderer(size: size, scale: scale, background: background)
        let bitmap = try renderer.makeBitmap()
        bitmap.fill(background)
        let cr = cairo_create(bitmap.surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(scale), Double(scale))
        for element in elements { paint(element, cr) }
        cairo_surface_flush(bitmap.surface)
        return bitmap
    }

    private func paint(_ element: Element, _ cr: OpaquePointer) {
        func source(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }
        switch element {
        case let .rect(r, fill, stroke, width):
            if let fill { source(fill); cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)); cairo_fill(cr) }
            if let stroke {
                source(stroke)
                cairo_set_line_width(cr, Double(width))
                let i = Double(width) / 2
                cairo_rectangle(cr, Double(r.minX) + i, Double(r.minY) + i, Double(r.width) - 2 * i, Double(r.height) - 2 * i)
                cairo_stroke(cr)
            }
        case let .line(points, color, width, dash):
            guard let first = points.first else { return }
            source(color)
            cairo_set_line_width(cr, Double(width))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_cap(cr, dash.isEmpty ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
            let lengths = dash.map(Double.init)
            cairo_set_dash(cr, lengths, Int32(lengths.count), 0)
            cairo_move_to(cr, Double(first.x), Double(first.y))
            for p in points.dropFirst() { cairo_line_to(cr, Double(p.x), Double(p.y)) }
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        case let .circle(center, radius, fill, stroke):
            cairo_new_sub_path(cr)
            cairo_arc(cr, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
            source(fill)
            if let stroke {
                cairo_fill_preserve(cr)
                source(stroke)
                cairo_set_line_width(cr, 1)
                cairo_stroke(cr)
            } else {
                cairo_fill(cr)
            }
        case let .text(text, box, font, color, alignment):
            let label = Label(frame: box, text: text, font: font, textColor: color)
            label.textAlignment = alignment
            cairo_save(cr)
            cairo_translate(cr, Double(box.minX), Double(box.minY))
            TextPainter(cr: cr).paint(label)
            cairo_restore(cr)
        }
    }

    /// The drawing as a standalone SVG document (text stays text, in the same font family).
    public func svg() -> String {
        func n(_ v: CGFloat) -> String {
            let s = String(format: "%.2f", Double(v))
            var t = s
            while t.hasSuffix("0") { t.removeLast() }
            if t.hasSuffix(".") { t.removeLast() }
            return t == "-0" ? "0" : t
        }
        func paint(_ c: Color) -> String {
            c.alpha >= 1 ? "\"\(rgb(c))\"" : "\"\(rgb(c))\" fill-opacity=\"\(n(CGFloat(c.alpha)))\""
        }
        func rgb(_ c: Color) -> String {
            String(format: "#%02X%02X%02X", Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
        }
        func strokeOpacity(_ c: Color) -> String { c.alpha >= 1 ? "" : " stroke-opacity=\"\(n(CGFloat(c.alpha)))\"" }
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(size.width))" height="\(n(size.height))" \
            viewBox="0 0 \(n(size.width)) \(n(size.height))">

            """
        if let background { out += "<rect width=\"100%\" height=\"100%\" fill=\(paint(background))/>\n" }
        for element in elements {
            switch element {
            case let .rect(r, fill, stroke, width):
                var attributes = "x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\""
                attributes += fill.map { " fill=\(paint($0))" } ?? " fill=\"none\""
                if let stroke { attributes += " stroke=\"\(rgb(stroke))\"\(strokeOpacity(stroke)) stroke-width=\"\(n(width))\"" }
                out += "<rect \(attributes)/>\n"
            case let .line(points, color, width, dash):
                let pts = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
                let dashes = dash.isEmpty ? " stroke-linecap=\"round\"" : " stroke-dasharray=\"\(dash.map(n).joined(separator: " "))\""
                out += "<polyline points=\"\(pts)\" fill=\"none\" stroke=\"\(rgb(color))\"\(strokeOpacity(color)) stroke-width=\"\(n(width))\" "
                    + "stroke-linejoin=\"round\"\(dashes)/>\n"
            case let .circle(center, radius, fill, stroke):
                let outline = stroke.map { " stroke=\"\(rgb($0))\" stroke-width=\"1\"" } ?? ""
                out += "<circle cx=\"\(n(center.x))\" cy=\"\(n(center.y))\" r=\"\(n(radius))\" fill=\(paint(fill))\(outline)/>\n"
            case let .text(text, box, font, color, alignment):
                let (x, anchor): (CGFloat, String) = {
                    switch alignment {
                    case .left: return (box.minX, "start")
                    case .center: return (box.midX, "middle")
                    case .right: return (box.maxX, "end")
                    }
                }()
                out += "<text x=\"\(n(x))\" y=\"\(n(box.midY))\" dominant-baseline=\"central\" text-anchor=\"\(anchor)\" "
                    + "font-family=\"\(escape(font.family)), sans-serif\" font-size=\"\(n(font.size))\""
                    + (font.weight == .bold ? " font-weight=\"bold\"" : "") + " fill=\(paint(color))>\(escape(text))</text>\n"
            }
        }
        return out + "</svg>\n"
    }
}
