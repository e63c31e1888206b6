import Foundation

/// A font from the system's font configuration (fontconfig), e.g. DejaVu Sans.
public struct Font: Hashable, Sendable {
    /// The stroke weight of a font: `regular` or `bold`.
    public enum Weight: String, Hashable, Sendable {
        /// The family's regular weight, or bold.
        case regular, bold
    }

    /// The fontconfig family name, e.g. "DejaVu Sans"; a family the machine lacks falls back to fontconfig's choice.
    public var family: String
    /// The size in points.
    public var size: CGFloat
    /// Regular or bold.
    public var weight: Weight
    /// True for the family's italic or oblique style.
    public var italic: Bool

    /// A font of `family` at `size` points.
    public init(family: String = Font.defaultFamily, size: CGFloat, weight: Weight = .regular, italic: Bool = false) {
        (self.family, self.size, self.weight, self.italic) = (family, size, weight, italic)
    }

    /// A sans-serif family every supported machine has once the bootstrap script has run.
    public static let defaultFamily = "DejaVu Sans"

    /// UIKit's spelling: the default family, regular, at `size` points.
    public static func systemFont(ofSize size: CGFloat) -> Font { Font(size: size) }
    /// UIKit's spelling: the default family, bold, at `size` points.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font { Font(size: size, weight: .bold) }
}

/// How a ``Label`` aligns each line horizontally in its bounds: `left`, `center` or `right`.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Lines start at the left edge, are centred, or end at the right edge.
    case left, center, right
}

/// A view that shows text, one line per `\n`, vertically centred in its bounds as UILabel does.
open class Label: View {
    /// The text shown, one line per `\n`; nil or empty shows nothing but the background.
    public var text: String?
    /// The font (default: the default family at 17 points, UILabel's default).
    public var font = Font.systemFont(ofSize: 17)
    /// The colour of the text (default black).
    public var textColor: Color = .black
    /// The horizontal alignment of each line (default left).
    public var textAlignment: TextAlignment = .left

    /// A label at `frame` showing `text` in `font` and `textColor`.
    public convenience init(frame: CGRect, text: String, font: Font = .systemFont(ofSize: 17), textColor: Color = .black) {
        self.init(frame: frame)
        self.text = text
        self.font = font
        self.textColor = textColor
    }
}
