/// The lines of a text one at a time, split at every U+000A as `split(separator: "\n", omittingEmptySubsequences:
/// false)` would split its bytes (a text ending in a line break has an empty last line), without an array of them.
/// The split is made on Unicode scalars: as Characters, a carriage return and a line break are one "\r\n", so a text
/// with Windows line endings would read as a single line. A line keeps its carriage return.
struct LineReader {
    private let scalars: Substring.UnicodeScalarView
    private var start: Substring.Index?

    init(_ text: String) {
        scalars = text[...].unicodeScalars
        start = scalars.startIndex
    }

    /// The next line, without its line break; nil after the last.
    mutating func next() -> Substring? {
        guard let from = start else { return nil }
        if let end = scalars[from...].firstIndex(of: "\n") {
            start = scalars.index(after: end)
            return Substring(scalars[from..<end])
        }
        start = nil
        return Substring(scalars[from...])
    }
}
