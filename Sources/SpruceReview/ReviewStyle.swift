import Foundation
import Geometry
import Spruce
import SpruceRender

/// The look shared by contact sheets and timing charts, so a review document reads as one set.
enum ReviewStyle {
    static let paper = Color(hex: "#F6F7F9")!
    static let ink = Color(hex: "#1F2329")!
    static let muted = Color(hex: "#6B7280")!
    static let rule = Color(hex: "#D5D9DF")!
    static let faint = Color(hex: "#E8EBEF")!

    static let margin: CGFloat = 24
    static let titleFont = Font.boldSystemFont(ofSize: 16)
    static let subtitleFont = Font.systemFont(ofSize: 12)
    static let captionFont = Font.systemFont(ofSize: 12)
    static let smallFont = Font.systemFont(ofSize: 10)

    static func width(_ text: String, _ font: Font) -> CGFloat {
        TextMetrics.width(of: text, font: font).rounded(.up)
    }

    /// The most a chart widens for its title, in points; a longer title (a scene's long name) is cut to fit.
    static let maximumTitleWidth: CGFloat = 2400

    /// The width a chart of at least `requested` points takes for `title`.
    static func chartWidth(_ requested: CGFloat, title: String) -> CGFloat {
        max(requested, min(width(title, titleFont) + 2 * margin, maximumTitleWidth))
    }

    /// `text` as it fits `limit` points in `font`: whole, or cut with an ellipsis.
    static func fitted(_ text: String, _ font: Font, width limit: CGFloat) -> String {
        guard width(text, font) > limit else { return text }
        var (low, high) = (0, text.count)
        while low < high {
            let middle = (low + high + 1) / 2
            if width(String(text.prefix(middle)) + "…", font) <= limit { low = middle } else { high = middle - 1 }
        }
        return String(text.prefix(low)) + "…"
    }

    static func label(_ text: String, _ frame: CGRect, font: Font = captionFont, color: Color = ink,
                      alignment: TextAlignment = .left) -> Label {
        let l = Label(frame: frame, text: text, font: font, textColor: color)
        l.textAlignment = alignment
        return l
    }

    static func box(_ frame: CGRect, _ color: Color?, radius: CGFloat = 0, border: Color? = nil) -> View {
        let v = View(frame: frame)
        v.backgroundColor = color
        v.cornerRadius = radius
        if let border { v.borderColor = border; v.borderWidth = 1 }
        return v
    }
}

/// Seconds as reviewers read them under a frame or on an axis: `0.40 s`.
public func reviewTime(_ seconds: Double) -> String {
    String(format: "%.2f s", seconds)
}

/// A number as titles and messages show it: `25` for a whole number, else as Swift writes it (`0.025`).
public func reviewNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e9 ? "\(Int(v))" : "\(v)"
}

/// Start time → colour, dark violet (first) through teal to yellow-green (last): the viridis ramp,
/// perceptually even and readable by most colour-blind viewers; its lightest end is cut so bars stay
/// visible on white.
public struct StartTimeRamp {
    public let first: Double
    public let last: Double

    public init(first: Double, last: Double) { (self.first, self.last) = (first, last) }

    static let stops: [(Double, Double, Double)] = [
        (0x44, 0x01, 0x54), (0x3B, 0x52, 0x8B), (0x21, 0x91, 0x8C), (0x5E, 0xC9, 0x62), (0xC2, 0xDF, 0x23),
    ]

    public func color(forStart start: Double) -> Color {
        let f = last > first ? min(1, max(0, (start - first) / (last - first))) : 0
        let x = f * Double(Self.stops.count - 1)
        let i = min(Checked.int(x, rounding: .down, in: 0...(Self.stops.count - 1)) ?? 0, Self.stops.count - 2)
        let t = x - Double(i)
        let a = Self.stops[i], b = Self.stops[i + 1]
        func mix(_ p: Double, _ q: Double) -> Double { (p + (q - p) * t) / 255 }
        return Color(red: mix(a.0, b.0), green: mix(a.1, b.1), blue: mix(a.2, b.2))
    }
}
