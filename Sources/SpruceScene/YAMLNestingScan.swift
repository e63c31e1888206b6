/// An upper estimate of a YAML text's nesting, made on the bytes before Yams sees them: Yams composes a
/// document recursively, so a file nested a few thousand levels deep would overflow the stack inside it.
///
/// Block nesting is counted from indentation (each deeper indentation, and each `- ` or `? ` entry
/// marker, opens a level) and flow nesting from `[` and `{` outside quotes and comments. The count is
/// never lower than the real depth, so a text that passes cannot make the composer recurse deeper.
enum YAMLNestingScan {
    /// The 1-based line where the estimate first exceeds `limit`, or nil.
    static func firstLineDeeper(than limit: Int, in text: String) -> Int? {
        var indents: [Int] = []
        var flow = 0
        var quote: UInt8?  // a quoted scalar may span lines
        var lineNumber = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Array(line)
            var i = 0
            if quote == nil && flow == 0 {
                while i < bytes.count, bytes[i] == 0x20 { i += 1 }
                if i == bytes.count || bytes[i] == UInt8(ascii: "#") || bytes[i] == 0x0D { continue }
                open(i, &indents)
                // Entry markers: `- - x` nests twice on one line.
                while i + 1 < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "?"),
                      bytes[i + 1] == 0x20 || bytes[i + 1] == 0x09 {
                    i += 1
                    while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
                    open(i, &indents)
                }
                if indents.count > limit { return lineNumber }
            }
            var previous: UInt8 = 0x20
            while i < bytes.count {
                let b = bytes[i]
                if let q = quote {
                    if q == UInt8(ascii: "\"") && b == UInt8(ascii: "\\") { i += 2; previous = 0x41; continue }
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "#") && (previous == 0x20 || previous == 0x09) {
                    break
                } else if (b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")) && startsToken(previous) {
                    quote = b
                } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                    flow += 1
                    if indents.count + flow > limit { return lineNumber }
                } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                    flow = max(0, flow - 1)
                }
                previous = b
                i += 1
            }
        }
        return nil
    }

    /// Content at `column` closes the levels indented deeper and opens one unless it continues the last.
    private static func open(_ column: Int, _ indents: inout [Int]) {
        while let last = indents.last, last > column { indents.removeLast() }
        if indents.last != column { indents.append(column) }
    }

    /// A quote opens a quoted scalar only where a token starts.
    private static func startsToken(_ previous: UInt8) -> Bool {
        [0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"),
         UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&")].contains(previous)
    }
}
