import Foundation
import Geometry

extension Node {
    /// `value` (read from this node) if its size is within `limit` points, either sign.
    func points(_ value: Double, atMost limit: Double = SceneLimits.maximumPoints) throws -> Double {
        guard abs(value) <= limit else {
            throw SceneError(path, "must be at most \(Checked.text(limit)) points either way, got \(Checked.text(value))")
        }
        return value
    }

    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>) throws -> Int {
        let d = try number()
        guard let i = Checked.wholeNumber(d, in: range) else {
            if d != d.rounded() { throw SceneError(path, "expected a whole number, found \(d)") }
            throw SceneError(path, "must be \(range.lowerBound)…\(range.upperBound), got \(Checked.text(d))")
        }
        return i
    }
}
