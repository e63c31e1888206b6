import Foundation

/// A problem in a scene file, located by a path such as `views[3].frame` or `choreography.sort`.
public struct SceneError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(_ path: String, _ message: String) {
        (self.path, self.message) = (path, message)
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

extension SceneError: LocalizedError {
    public var errorDescription: String? { description }
}

/// "did you mean" for names: the closest allowed name within a small edit distance.
enum Suggest {
    static func closest(to word: String, in names: [String]) -> String? {
        let w = normalized(word)
        let scored = names.map { ($0, distance(w, normalized($0))) }.min { $0.1 < $1.1 }
        guard let (name, d) = scored, d <= max(2, w.count / 3) else { return nil }
        return name
    }

    /// `fade-in`, `fade_in`, `fadeIn` and `FadeIn` are the same name.
    static func normalized(_ s: String) -> String {
        s.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count), cur = prev
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }

    /// `unknown sort "conered", did you mean "cornered"?` or the list of allowed names.
    static func unknown(_ kind: String, _ word: String, allowed: [String]) -> String {
        if let s = closest(to: word, in: allowed) { return "unknown \(kind) \"\(word)\", did you mean \"\(s)\"?" }
        return "unknown \(kind) \"\(word)\"; expected one of: \(allowed.joined(separator: ", "))"
    }
}
