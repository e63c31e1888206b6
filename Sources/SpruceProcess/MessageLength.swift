/// How long an error line may be: room for two paths of the system's longest (4,096 bytes each) and the words around
/// them. A message that echoes more of what was typed (20,000 unexpected arguments, a flag's value of 100,000
/// characters) is cut there and says how much it left out, so that the line stays readable on a terminal and in a log.
enum MessageLength {
    static let limit = 16_384

    /// `text` (already escaped) cut to `limit` Unicode scalars; counting scalars, not characters, also bounds one
    /// character built of many combining marks.
    static func bounded(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(limit))
        return String(kept) + "… (\(scalars.count - limit) more characters)"
    }
}
