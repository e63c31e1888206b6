import Foundation
import SpruceFilm

/// A timing golden's rows (`NAME.timing.txt`, `Film.timingReport`): each view's start, duration and settling time,
/// as text, in the golden's order; a golden with Windows line endings (CRLF) reads as the same rows.
struct TimingGoldenText: Sendable {
    var rows: [(view: String, cells: [String])] = []

    init(_ text: String) {
        for line in LineReader(text, droppingCarriageReturns: true) where !line.hasPrefix("#") {
            let words = line.split(separator: " ").map(String.init)
            guard let view = words.first else { continue }
            rows.append((view, Array(words.dropFirst())))
        }
    }

    /// Both goldens' rows side by side, by view: `{view, expected, actual, changed}` (a view only one has gets
    /// empty cells on the other side; `changed` lists the columns that differ).
    static func compared(expected: TimingGoldenText, actual: TimingGoldenText) -> [[String: Any]] {
        var names = expected.rows.map(\.view)
        for row in actual.rows where !names.contains(row.view) { names.append(row.view) }
        return names.map { name in
            let e = expected.rows.first { $0.view == name }?.cells ?? []
            let a = actual.rows.first { $0.view == name }?.cells ?? []
            let changed = (0..<3).filter { ($0 < e.count ? e[$0] : "") != ($0 < a.count ? a[$0] : "") }
            return ["view": name, "expected": e, "actual": a, "changed": changed]
        }
    }
}
