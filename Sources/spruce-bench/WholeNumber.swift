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
