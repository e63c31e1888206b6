import Foundation

/// A strict JSON reader for scene files, in place of `JSONSerialization`, which recurses without a
/// limit (a file nested a few thousand levels deep crashes it) and keeps the last of two equal keys.
/// Here nesting deeper than `Node.maximumDepth` and repeated keys are `SceneError`s with their line and
/// column. Values come out as `JSONSerialization` gives them: `[String: Any]`, `[Any]`, `String`, `Int`
/// (whole numbers without fraction or exponent that fit), `Double`, `Bool` and `NSNull`.
struct JSONReader {
    private let bytes: [UInt8]
    private var i = 0
    /// Values read so far (`SceneLimits.maximumDocumentValues` at most).
    private var values = 0

    static func read(_ data: Data) throws -> Any {
        var reader = JSONReader(bytes: [UInt8](data))
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }  // a UTF-8 byte order mark
        reader.skipSpace()
        let value = try reader.value(path: "", depth: 1)
        reader.skipSpace()
        guard reader.i == reader.bytes.count else { throw reader.invalid("unexpected text after the end of the document") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Positions and errors

    /// 1-based line and column (in bytes) of `offset`.
    private func location(_ offset: Int) -> String {
        var line = 1, column = 1
        for b in bytes[..<min(offset, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return "line \(line), column \(column)"
    }

    private func invalid(_ why: String, at offset: Int? = nil) -> SceneError {
        SceneError("", "not valid JSON: \(why) at \(location(offset ?? i))")
    }

    private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 }
    }

    private mutating func expect(_ c: Character) throws {
        guard current == c.asciiValue else { throw unexpected() }
        i += 1
    }

    private func unexpected() -> SceneError {
        guard let b = current else { return invalid("unexpected end of the file") }
        if b >= 0x21 && b < 0x7F { return invalid("unexpected character '\(Character(UnicodeScalar(b)))'") }
        return invalid(String(format: "unexpected byte 0x%02X", b))
    }

    // MARK: Values

    private mutating func value(path: String, depth: Int) throws -> Any {
        guard let b = current else { throw unexpected() }
        values += 1
        guard values <= SceneLimits.maximumDocumentValues else {
            throw SceneError(path, "the document holds more than \(SceneLimits.maximumDocumentValues) values "
                             + "(at most \(SceneLimits.maximumViews) views) at \(location(i))")
        }
        switch b {
        case UInt8(ascii: "{"): return try object(path: path, depth: depth)
        case UInt8(ascii: "["): return try array(path: path, depth: depth)
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        case UInt8(ascii: "n"): try literal("null"); return NSNull()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpected()
        }
    }

    /// Checked on the way in, so the reader's own recursion is bounded too.
    private func enter(_ path: String, _ depth: Int) throws {
        guard depth <= Node.maximumDepth else {
            throw SceneError(path, "nesting deeper than \(Node.maximumDepth) levels (\(location(i)))")
        }
    }

    private mutating func object(path: String, depth: Int) throws -> [String: Any] {
        try enter(path, depth)
        i += 1
        var out: [String: Any] = [:]
        var firstSeen: [String: Int] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") { i += 1; return out }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw unexpected() }
            let keyStart = i
            let key = try string()
            let child = path.isEmpty ? key : "\(path).\(key)"
            if let first = firstSeen[key] {
                throw SceneError(child, "duplicate key \"\(key)\" at \(location(keyStart)) (first at \(location(first)))")
            }
            firstSeen[key] = keyStart
            skipSpace()
            try expect(":")
            skipSpace()
            out[key] = try value(path: child, depth: depth + 1)
            skipSpace()
            if current == UInt8(ascii: ",") { i += 1; continue }
            try expect("}")
            return out
        }
    }

    private mutating func array(path: String, depth: Int) throws -> [Any] {
        try enter(path, depth)
        i += 1
        var out: [Any] = []
        skipSpace()
        if current == UInt8(ascii: "]") { i += 1; return out }
        while true {
            skipSpace()
            out.append(try value(path: "\(path)[\(out.count)]", depth: depth + 1))
            skipSpace()
            if current == UInt8(ascii: ",") { i += 1; continue }
            try expect("]")
            return out
        }
    }

    private mutating func literal(_ word: String) throws {
        for c in word.utf8 {
            guard current == c else { throw unexpected() }
            i += 1
        }
    }

    private mutating func number() throws -> Any {
        let start = i
        var isWhole = true
        if current == UInt8(ascii: "-") { i += 1 }
        func digits() throws {
            guard let b = current, b >= 0x30 && b <= 0x39 else { throw unexpected() }
            while let b = current, b >= 0x30 && b <= 0x39 { i += 1 }
        }
        if current == UInt8(ascii: "0") { i += 1 } else { try digits() }
        if current == UInt8(ascii: ".") { isWhole = false; i += 1; try digits() }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isWhole = false
            i += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
            try digits()
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isWhole, let n = Int(text) { return n }
        guard let d = Double(text) else { throw invalid("bad number \(text)", at: start) }
        return d
    }

    private mutating func string() throws -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw invalid("unterminated string", at: start) }
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else { throw invalid("the string is not UTF-8 text", at: start) }
                return s
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0..<0x20:
                throw invalid("a control character in a string (write it as an escape such as \\n)", at: i - 1)
            default:
                out.append(b)
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws {
        guard let e = current else { throw invalid("unterminated string") }
        i += 1
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        if let c = simple[e] { out.append(c); return }
        guard e == UInt8(ascii: "u") else { throw invalid("bad escape \\\(Character(UnicodeScalar(e)))", at: i - 2) }
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A UTF-16 surrogate pair: \uD83D\uDE00.
            guard current == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                throw invalid("a lone UTF-16 surrogate in a \\u escape")
            }
            i += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw invalid("a lone UTF-16 surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let u = Unicode.Scalar(scalar) else { throw invalid("a lone UTF-16 surrogate in a \\u escape") }
        out.append(contentsOf: Array(String(Character(u)).utf8))
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16),
              bytes[i..<(i + 4)].allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }) else {
            throw invalid("a \\u escape needs four hex digits")
        }
        i += 4
        return v
    }
}
