import Foundation

/// A font from the system's font configuration (fontconfig), e.g. DejaVu Sans.
public struct Font: Hashable, Sendable {
    public enum Weight: String, Hashable, Sendable { case regular, bold }

    public var family: String
    public var size: CGFloat
    public var weight: Weight
    public var italic: Bool

    public init(family: String = Font.defaultFamily, size: CGFloat, weight: Weight = .regular, italic: Bool = false) {
        (self.family, self.size, self.weight, self.italic) = (family, size, weight, italic)
    }

    /// A sans-serif family every supported machine has once the bootstrap script has run.
    public static let defaultFamily = "DejaVu Sans"

    public static func systemFont(ofSize size: CGFloat) -> Font { Font(size: size) }
    public static func boldSystemFont(ofSize size: CGFloat) -> Font { Font(size: size, weight: .bold) }
}

public enum TextAlignment: String, Hashable, Sendable, CaseIterable { case left, center, right }

/// A view that shows text, one line per `\n`, vertically centred in its bounds as UILabel does.
open class Label: View {
    public var text: String?
    public var font = Font.systemFont(ofSize: 17)
    public var textColor: Color = .black
    public var textAlignment: TextAlignment = .left

    public convenience init(frame: CGRect, text: String, font: Font = .systemFont(ofSize: 17), textColor: Color = .black) {
        self.init(frame: frame)
        self.text = text
        self.font = font
        self.textColor = textColor
    }
}
