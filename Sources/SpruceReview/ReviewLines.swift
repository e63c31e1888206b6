import Foundation
import Spruce

extension ReviewStyle {
    /// `text` in lines no wider than `width` at `font`: its " · "-separated parts, joined while they fit; a part wider
    /// than a line by itself is wrapped at its spaces, and a word wider than a line is cut short with "…". A title no
    /// longer widens its sheet beyond the width asked for.
    static func lines(_ text: String, width: CGFloat, font: Font) -> [String] {
        let lines = packed(text.components(separatedBy: " · "), joinedBy: " · ", width: width, font: font) { part in
            packed(part.split(separator: " ").map(String.init), joinedBy: " ", width: width, font: font) { word in
                [cut(word, to: width, font: font)]
            }
        }
        return lines.isEmpty ? [""] : lines
    }

    /// `pieces` joined by `separator` into lines while they fit; a piece wider than a line by itself is broken by
    /// `tooWide`.
    private static func packed(_ pieces: [String], joinedBy separator: String, width: CGFloat, font: Font,
                               tooWide: (String) -> [String]) -> [String] {
        var lines: [String] = []
        for piece in pieces {
            if let last = lines.last, Self.width(last + separator + piece, font) <= width {
                lines[lines.count - 1] = last + separator + piece
            } else {
                lines += Self.width(piece, font) <= width ? [piece] : tooWide(piece)
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
