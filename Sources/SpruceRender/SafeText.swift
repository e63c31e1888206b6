/// Text that came from the user or from a file (paths, names, ids, descriptions, golden lines, ffmpeg's messages
/// about them) made safe to echo on a terminal: control characters, ANSI escape sequences, line breaks, the explicit
/// bidirectional controls and the invisible byte order mark (U+FEFF) are shown as escapes, so a message or a report
/// line stays one line and cannot recolour, move the cursor, rewrite the screen or show the rest of its line in
/// another order (an id holding U+202E, the right-to-left override, shows what follows it reversed). render-gif's
/// errors and every report the libraries write for a terminal use it.
public enum SafeText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x1B: out += "\\e"
            case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
