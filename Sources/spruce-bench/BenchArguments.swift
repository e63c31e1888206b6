// Reading spruce-bench's command lines (`spruce-bench [options]`, `ratios`, `case`, `goldens`).

/// A whole number given to spruce-bench (a count of frames, threads, runs): absent means `fallback`; anything
/// else must be a number within `range`, or spruce-bench stops with a line naming it (a typo must not measure
/// something other than what was asked).
func wholeNumber(_ text: String?, _ name: String, in range: ClosedRange<Int>, fallback: Int) throws -> Int {
    guard let text else { return fallback }
    guard let value = Int(text), range.contains(value) else {
        throw BenchError("\(name): '\(text)' is not a whole number \(range.lowerBound)…\(range.upperBound)")
    }
    return value
}

/// The value of the option at `index`, which moves onto it; an option given last has none.
func optionValue(_ arguments: [String], _ index: inout Int) throws -> String {
    index += 1
    guard index < arguments.count else { throw BenchError("\(arguments[index - 1]) needs a value") }
    return arguments[index]
}

/// The comma-separated items of the option at `index` (`--scenes a,b`); an empty list would measure nothing.
func optionList(_ arguments: [String], _ index: inout Int) throws -> [Substring] {
    let items = try optionValue(arguments, &index).split(separator: ",")
    guard !items.isEmpty else { throw BenchError("\(arguments[index - 1]) needs at least one item") }
    return items
}
