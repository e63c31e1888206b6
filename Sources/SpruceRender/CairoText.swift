/// The text Cairo can draw. Cairo refuses a whole string holding a Unicode noncharacter (U+FDD0…U+FDEF, and the last
/// two code points of every plane: U+FFFE, U+FFFF, U+1FFFE … U+10FFFF) as "input string not valid UTF-8", as text and
/// as a font family, and leaves the drawing context unable to draw anything more; it ends a string at U+0000. A film's
/// text (a label's text, its font's family) holding one is refused before anything is drawn (the scene parser, the
/// film builder); any other text drawn (titles, captions, chart labels) shows U+FFFD in its place.
public enum CairoText {
    /// The first scalar of `text` that Cairo cannot draw, or nil.
    public static func firstUndrawable(in text: String) -> Unicode.Scalar? {
        guard mayHoldUndrawable(text) else { return nil }
        return text.unicodeScalars.first(where: isUndrawable)
    }

    /// `U+FFFE (a Unicode noncharacter)`, `U+0000 (NUL)`: the scalar as a message names it.
    public static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return code + (scalar.value == 0 ? " (NUL)" : " (a Unicode noncharacter)")
    }

    /// `text` with every scalar Cairo cannot draw replaced by U+FFFD, the replacement character.
    static func drawable(_ text: String) -> String {
        guard firstUndrawable(in: text) != nil else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isUndrawable(scalar) ? "\u{FFFD}" : scalar) }
        return String(out)
    }

    static func isUndrawable(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v == 0 || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
    }

    /// False when no byte of `text` can start such a scalar: U+0000 is the byte 0, U+FDD0…U+FFFF start with 0xEF,
    /// the planes above with 0xF0…0xF4. Most text is ASCII and drawn every frame, so it is not walked scalar by scalar.
    private static func mayHoldUndrawable(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0 || $0 >= 0xEF }
    }
}
