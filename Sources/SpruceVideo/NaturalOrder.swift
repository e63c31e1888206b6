/// File names in the order people number them: `f2` before `f10`, whatever the number's length (Foundation's
/// `.numeric` comparison wraps at 2⁶⁴ and then calls `f18446744073709551617` equal to `f1`). Runs of digits compare
/// by value (leading zeros dropped, then length, then digits), everything else by Unicode scalar, case folded when
/// asked; names that are still equal compare as plain text, so the order is total and never depends on the order
/// a folder lists its files in.
enum NaturalOrder {
    static func ascending(_ a: String, _ b: String, caseInsensitive: Bool = false) -> Bool {
        let (x, y) = caseInsensitive ? (a.lowercased(), b.lowercased()) : (a, b)
        switch compare(Array(x.unicodeScalars), Array(y.unicodeScalars)) {
        case .some(let less): return less
        case .none: return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        }
    }

    /// Whether `a` sorts first; nil when both are the same by value.
    private static func compare(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool? {
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                let (endA, endB) = (digitsEnd(a, i), digitsEnd(b, j))
                let (da, db) = (significant(a[i..<endA]), significant(b[j..<endB]))
                if da.count != db.count { return da.count < db.count }
                if let k = zip(da, db).first(where: { $0 != $1 }) { return k.0.value < k.1.value }
                (i, j) = (endA, endB)
            } else {
                if a[i] != b[j] { return a[i].value < b[j].value }
                (i, j) = (i + 1, j + 1)
            }
        }
        if i < a.count || j < b.count { return i == a.count }
        return nil
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }

    private static func digitsEnd(_ s: [Unicode.Scalar], _ from: Int) -> Int {
        var end = from
        while end < s.count, isDigit(s[end]) { end += 1 }
        return end
    }

    private static func significant(_ digits: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        digits.drop { $0 == "0" }
    }
}
