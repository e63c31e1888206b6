import Foundation
import Spruce

extension ReviewStyle {
    /// `text` in lines no wider than `width` at `font`: its " · "-separated parts, joined while they fit; a part wider
    /// than a line by itself is wrapped at its spaces, and a word wider than a line is cut short with "…". A title no
    /// longer widens its sheet beyond the width asked for.
    static func lines(_ text: String, width: CGFloat, font: Font) -> [String] {
        var lines: [String] = []
        for part in text.components(separatedBy: " · ") {
            if let last = lines.last, Self.width(last + " · " + part, font) <= width {
                lines[lines.count - 1] = last + " · " + part
            } else if Self.width(part, font) <= width {
                lines.append(part)
            } else {
                lines += wrapped(part, width: width, font: font)
            }
        }
        return lines.isEmpty ? [""] : lines
    }

    /// Words joined by spaces while they fit.
    private static func wrapped(_ text: String, width: CGFloat, font: Font) -> [String] {
        var lines: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            if let last = lines.last, Self.width(last + " " + word, font) <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(Self.width(word, font) <= width ? word : cut(word, to: width, font: font))
            }
        }
        return lines
    }

    /// The longest start of `text` that fits `width` with "…" after it (found by halving).
    private static func cut(_ text: String, to width: CGFloat, font: Font) -> String {
        let characters = Array(text)
        var (fits, tooLong) = (0, characters.count)
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if Self.width(String(characters[..<middle]) + "…", font) <= width { fits = middle } else { tooLong = middle }
        }
        return String(characters[..<fits]) + "…"
    }
}
