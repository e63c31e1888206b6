import Foundation

extension Film {
    /// `0, step, 2·step, …` up to the end of the film (the end itself included), at most 1000 samples.
    public func sampleTimes(every step: Double) throws -> [Double] {
        guard step.isFinite, step > 0 else { throw FilmError.invalid("sampling step must be positive, got \(step)") }
        let count = Int((duration / step + 1e-9).rounded(.down))
        guard count < 1000 else { throw FilmError.invalid("sampling every \(step) s gives \(count + 1) samples of a \(duration) s film; at most 1000") }
        var times = (0...count).map { Double($0) * step }
        if duration - times.last! > 1e-9 { times.append(duration) }
        return times
    }

    /// Times as labels and file names: milliseconds, `0.350`.
    public static func label(_ t: Double) -> String { FixedDecimal.text(t, 3) }
}
