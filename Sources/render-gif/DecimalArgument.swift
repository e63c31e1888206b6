import ArgumentParser
import Foundation
import Geometry

/// Numbers on the command line are decimal, as in scene files: `Double("0x10")` is 16 and `Double("0x1p-3")` is
/// 0.125, which no flag means. `inf` and `nan` still parse, so that each flag's range check names them.
enum DecimalArgument {
    struct NotDecimal: Error, CustomStringConvertible {
        var description: String { "write the number in decimal (1.5, 2e-3)" }
    }

    /// A flag's `transform`, so a closure argument-parser may call from any thread.
    static let parse: @Sendable (String) throws -> Double = { text in
        guard let value = Checked.decimal(text) else { throw NotDecimal() }
        return value
    }
}
