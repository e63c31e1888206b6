import Foundation

/// Checked conversions of user numbers (flags, scene values) to integers. `Int(someDouble)` traps on a
/// NaN, an infinity or anything outside `Int`'s range; every conversion of a number a user typed goes
/// through here instead, and an out-of-range value becomes an error the caller words.
public enum Checked {
    /// `value` rounded by `rule`, as an `Int` in `range`; nil when it is not finite or falls outside.
    public static func int(_ value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
                           in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        guard value.isFinite, let i = Int(exactly: value.rounded(rule)), range.contains(i) else { return nil }
        return i
    }

    /// `text` as a decimal number ("1.5", "-2e-3"; "inf" and "nan" too, for range checks to name); nil for anything
    /// else, hexadecimal included: `Double("0x10")` is 16, which no flag or scene value means.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        let digits = text.drop { $0 == "+" || $0 == "-" }
        guard !digits.hasPrefix("0x"), !digits.hasPrefix("0X") else { return nil }
        return Double(String(text))
    }

    /// `value` as an `Int` only when it is a whole number in `range` (1.5 and 1e300 give nil).
    public static func wholeNumber(_ value: Double, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        guard value.isFinite, value == value.rounded() else { return nil }
        return int(value, in: range)
    }

    /// A number for a message, never trapping: whole numbers of moderate size without a fraction
    /// (`16384`), everything else as `%g` (`1e+300`, `0.5`, `inf`, `nan`) when that reads back as the same number,
    /// else in full (`3600.0001`, not `3600`: a refused value must not read as one in range).
    public static func text(_ value: Double) -> String {
        if let i = wholeNumber(value, in: -999_999_999_999...999_999_999_999) { return "\(i)" }
        let short = String(format: "%g", value)
        return !value.isFinite || Double(short) == value ? short : "\(value)"
    }
}
