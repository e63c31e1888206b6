import Foundation
import SpruceFilm

/// A motion golden's text (`NAME.motion.txt`, `Film.motionReport`) read back as values: for each sample time, each
/// view's animated properties by key. Lines that are not samples (the header, anything malformed) are skipped: the
/// text is the golden's, read only to pose a film and draw curves, never to decide a verdict; a golden with Windows
/// line endings (CRLF) reads as the same values.
struct MotionGoldenText: Sendable {
    /// The sample times in order, and at each, the views' values by name and key (`x` → "12.50").
    var times: [Double] = []
    var rows: [[String: [String: String]]] = []

    init(_ text: String) {
        for line in LineReader(text, droppingCarriageReturns: true) where line.hasPrefix("t=") {
            let words = line.split(separator: " ")
            guard words.count >= 2, let t = Double(words[0].dropFirst(2)), t.isFinite else { continue }
            if times.last != t { times.append(t); rows.append([:]) }
            var values: [String: String] = [:]
            for word in words.dropFirst(2) {
                guard let eq = word.firstIndex(of: "=") else { continue }
                values[String(word[..<eq])] = String(word[word.index(after: eq)...])
            }
            rows[rows.count - 1][String(words[1])] = values
        }
    }

    /// The row at or just before `t` (nil before the first sample).
    func row(at t: Double) -> [String: [String: String]]? {
        guard let i = times.lastIndex(where: { $0 <= t + 1e-9 }) else { return rows.first }
        return rows[i]
    }

    /// The first time where `other` has different values, or a time only one of the two has.
    func firstDifference(from other: MotionGoldenText) -> Double? {
        for i in 0..<max(times.count, other.times.count) {
            guard i < times.count, i < other.times.count else { return (i < times.count ? times : other.times)[i] }
            if times[i] != other.times[i] || rows[i] != other.rows[i] { return min(times[i], other.times[i]) }
        }
        return nil
    }

    /// Views whose values differ somewhere between the two, in the order they first differ.
    func changedViews(from other: MotionGoldenText) -> [String] {
        var names: [String] = []
        for i in 0..<min(times.count, other.times.count) {
            for name in Set(rows[i].keys).union(other.rows[i].keys).sorted() where rows[i][name] != other.rows[i][name] && !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    /// `key`'s numbers for `view` at every sample (nil where it has none): a scale or colour gives its first number.
    func series(_ view: String, _ key: String) -> [Double?] {
        rows.map { $0[view]?[key].flatMap { Double($0.split(separator: ",").first ?? "") } }
    }
}
