import Foundation

extension FilmGoldens {
    /// Checks the film's goldens, or records them when `recording` (then `artifacts` is not used).
    public func run(_ film: Film, name: String, recording: Bool, artifacts: URL?) throws -> Outcome {
        recording ? try record(film, name: name) : try check(film, name: name, artifacts: artifacts)
    }
}

extension FilmGoldens.Outcome {
    /// Whether the run fails for this film: a golden differs or could not be made, or, checking, one is missing.
    public func failed(recording: Bool) -> Bool { !passed && !recording || !failures.isEmpty }

    /// Checking: whether the film was made and compared with its goldens (it has a verdict per kind); false for a
    /// scene that could not be played, whose outcome holds only why.
    public var played: Bool { !verdicts.isEmpty }

    /// The film's line in a run's output: `ok    NAME`, `FAIL  NAME: first line of the first failure`,
    /// `NEW   NAME: no golden … (record them)`, with `recordHint` in the parentheses; recording, `wrote NAME: files`,
    /// `same  NAME` or `ERROR NAME: …`.
    public func line(recording: Bool, recordHint: String = FilmGoldensReport.recordHint) -> String {
        if recording {
            if !failures.isEmpty { return "ERROR \(name): \(failures[0])" }
            return recorded.isEmpty ? "same  \(name)" : "wrote \(name): " + recorded.joined(separator: ", ")
        }
        if let first = failures.first { return "FAIL  \(name): " + (first.split(separator: "\n").first.map(String.init) ?? first) }
        if !missing.isEmpty { return "NEW   \(name): no golden " + missing.joined(separator: ", ") + " (\(recordHint))" }
        return "ok    \(name)"
    }
}
