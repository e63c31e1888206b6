/// The lines of a text one at a time, split at every U+000A as `split(separator: "\n", omittingEmptySubsequences:
/// false)` would split its bytes (a text ending in a line break has an empty last line), without an array of them.
/// The split is made on Unicode scalars: as Characters, a carriage return and a line break are one "\r\n", so a text
/// with Windows line endings would read as a single line. A line keeps its carriage return unless the reader is made
/// to drop it (a reader of a golden's values, where a CRLF golden holds the same values as an LF one).
public struct LineReader: Sequence, IteratorProtocol {
    private let scalars: Substring.UnicodeScalarView
    private var start: Substring.Index?
    private let dropsCarriageReturn: Bool

    /// `droppingCarriageReturns`: a carriage return just before a line break is not part of the line.
    public init(_ text: String, droppingCarriageReturns: Bool = false) {
        scalars = text[...].unicodeScalars
        start = scalars.startIndex
        dropsCarriageReturn = droppingCarriageReturns
    }

    /// The next line, without its line break; nil after the last.
    public mutating func next() -> Substring? {
        guard let from = start else { return nil }
        guard let end = scalars[from...].firstIndex(of: "\n") else {
            start = nil
            return Substring(scalars[from...])
        }
        start = scalars.index(after: end)
        var last = end
        if dropsCarriageReturn, last > from, scalars[scalars.index(before: last)] == "\r" { last = scalars.index(before: last) }
        return Substring(scalars[from..<last])
    }
}
