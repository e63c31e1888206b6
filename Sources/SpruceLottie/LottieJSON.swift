import Foundation

/// A JSON value with keys kept in the order written, serialised compactly and deterministically: numbers are
/// rounded to 1/10000 (Lottie values are points, degrees, percent and frames), so the same film gives the same
/// bytes on every machine.
enum LottieJSON: Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([LottieJSON])
    case object([(String, LottieJSON)])

    static func == (a: LottieJSON, b: LottieJSON) -> Bool { a.text == b.text }

    static func numbers(_ values: [Double]) -> LottieJSON { .array(values.map(LottieJSON.number)) }

    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .number(let v): out += Self.format(v)
        case .string(let s): Self.quote(s, into: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// Whether every number in the value is finite (JSON has no NaN or infinity).
    var isFinite: Bool {
        switch self {
        case .number(let v): return v.isFinite
        case .string, .bool: return true
        case .array(let items): return items.allSatisfy(\.isFinite)
        case .object(let members): return members.allSatisfy { $0.1.isFinite }
        }
    }

    /// Integers without a point, others with at most four decimals and no trailing zeros; -0 is 0. A non-finite
    /// number (which `LottieExport` refuses before writing) would be written as 0. From 10^15 on, a number has no
    /// fraction to round and is written as Swift spells it, in its shortest exact form (`1e+15`): scaled by 10^4
    /// it could overflow to infinity, and written out in digits it would take up to 309 of them.
    static func format(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        if abs(v) >= 1e15 { return "\(v)" }
        let r = (v * 10000).rounded() / 10000
        if r == 0 { return "0" }
        if r == r.rounded() { return String(Int64(r)) }
        var s = String(format: "%.4f", r)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        out += "\""
    }
}
