/// The lines of a text one at a time, as `split(separator: "\n", omittingEmptySubsequences: false)` gives them
/// (a text ending in a line break has an empty last line), without an array of them.
struct LineReader {
    private let text: Substring
    private var start: Substring.Index?

    init(_ text: String) {
        self.text = text[...]
        start = self.text.startIndex
    }

    /// The next line, without its line break; nil after the last.
    mutating func next() -> Substring? {
        guard let from = start else { return nil }
        if let end = text[from...].firstIndex(of: "\n") {
            start = text.index(after: end)
            return text[from..<end]
        }
        start = nil
        return text[from...]
    }
}
