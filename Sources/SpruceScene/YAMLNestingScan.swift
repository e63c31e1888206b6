/// An upper estimate of a YAML text's nesting, made on the bytes before Yams sees them: Yams composes a
/// document recursively, so a file nested a few thousand levels deep would overflow the stack inside it.
///
/// Block nesting is counted from indentation (each deeper indentation, and each `- ` or `? ` entry
/// marker, opens a level) and flow nesting from `[` and `{` outside quotes and comments, where a token starts
/// or inside a flow already (`a[b` in a block is one plain scalar). The lines of a literal or folded block scalar
/// (`key: |`, `- >-`) are its text, however they are indented or bracketed. The count is never lower than the
/// real depth, so a text that passes cannot make the composer recurse deeper.
enum YAMLNestingScan {
    /// The 1-based line where the estimate first exceeds `limit`, or nil.
    static func firstLineDeeper(than limit: Int, in text: String) -> Int? {
        var indents: [Int] = []
        var flow = 0
        var quote: UInt8?  // a quoted scalar may span lines
        var blockScalar: Int?  // the indentation of the line that began a block scalar, while its text goes on
        var lineNumber = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Array(line)
            var i = 0
            if let parent = blockScalar {
                var indent = 0
                while indent < bytes.count, bytes[indent] == 0x20 { indent += 1 }
                let blank = indent == bytes.count || bytes[indent] == 0x0D
                if blank || indent > parent { continue }
                blockScalar = nil
            }
            if quote == nil && flow == 0 {
                while i < bytes.count, bytes[i] == 0x20 { i += 1 }
                if i == bytes.count || bytes[i] == UInt8(ascii: "#") || bytes[i] == 0x0D { continue }
                let indent = i
                defer { if quote == nil && flow == 0 && beginsBlockScalar(bytes) { blockScalar = indent } }
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
            var plain = false  // in a block's plain scalar, which runs to `: `, a comment or the line's end
            while i < bytes.count {
                let b = bytes[i]
                let spaceAfter = i + 1 == bytes.count || [0x20, 0x09, 0x0D].contains(bytes[i + 1])
                if let q = quote {
                    if q == UInt8(ascii: "\"") && b == UInt8(ascii: "\\") { i += 2; previous = 0x41; continue }
                    // `''` in a single-quoted scalar is one quote, not its end.
                    if q == UInt8(ascii: "'") && b == q && i + 1 < bytes.count && bytes[i + 1] == q { i += 2; previous = 0x41; continue }
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "#") && (previous == 0x20 || previous == 0x09) {
                    break
                } else if plain {
                    if b == UInt8(ascii: ":") && spaceAfter { plain = false }
                } else if "&!*".utf8.contains(b) && startsToken(previous) {
                    // A node's anchor, tag or alias runs to the next space; the node after it starts a token.
                    while i < bytes.count, ![0x20, 0x09, 0x0D].contains(bytes[i]) { i += 1 }
                    previous = 0x20
                    continue
                } else if (b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")) && startsToken(previous) {
                    quote = b
                } else if (b == UInt8(ascii: "[") || b == UInt8(ascii: "{")) && (flow > 0 || startsToken(previous)) {
                    flow += 1
                    if indents.count + flow > limit { return lineNumber }
                } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                    flow = max(0, flow - 1)
                } else if flow == 0 && startsToken(previous) && ![0x20, 0x09, 0x0D].contains(b)
                            && !("-?:".utf8.contains(b) && spaceAfter) && !"|>".utf8.contains(b) {
                    plain = true  // a plain scalar begins (a block scalar's header is not one)
                }
                previous = b
                i += 1
            }
        }
        return nil
    }

    /// Whether the line ends (before a comment) in a block scalar's header: `|` or `>` with at most an indentation
    /// and a chomping indicator, as a whole value (after `: `, `- `, or alone).
    private static func beginsBlockScalar(_ bytes: [UInt8]) -> Bool {
        var end = bytes.count
        if let hash = zip(bytes.indices, bytes).first(where: { $1 == UInt8(ascii: "#") && $0 > 0 && (bytes[$0 - 1] == 0x20 || bytes[$0 - 1] == 0x09) })?.0 {
            end = hash
        }
        while end > 0, [0x20, 0x09, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        var start = end
        while start > 0, ![0x20, 0x09].contains(bytes[start - 1]) { start -= 1 }
        let token = bytes[start..<end]
        guard let first = token.first, first == UInt8(ascii: "|") || first == UInt8(ascii: ">"), token.count <= 3,
              token.dropFirst().allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) else {
            return false
        }
        var before = start
        while before > 0, [0x20, 0x09].contains(bytes[before - 1]) { before -= 1 }
        guard before > 0 else { return true }
        let mark = bytes[before - 1]
        return (mark == UInt8(ascii: ":") || mark == UInt8(ascii: "-") || mark == UInt8(ascii: "?")) && before < start
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
