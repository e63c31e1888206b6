import Foundation
import Geometry

/// Whole-number flags take what every number flag takes (`8`, `8.0`, `1e3`, decimal only), so long as it is a whole
/// number, and hand the flag's own range check an `Int`. A whole number beyond 15 digits is refused here, before it
/// becomes an integer.
enum WholeArgument {
    static let largest = 999_999_999_999_999

    struct NotWhole: Error, CustomStringConvertible {
        let value: Double
        var description: String {
            value.isFinite && value == value.rounded()
                ? "must be a whole number of at most 15 digits, got \(Checked.text(value))"
                : "must be a whole number, got \(Checked.text(value))"
        }
    }

    /// A flag's `transform`, so a closure argument-parser may call from any thread.
    static let parse: @Sendable (String) throws -> Int = { text in
        let value = try DecimalArgument.parse(text)
        guard let whole = Checked.wholeNumber(value, in: -largest...largest) else { throw NotWhole(value: value) }
        return whole
    }
}
