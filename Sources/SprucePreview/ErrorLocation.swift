import Foundation
import SpruceScene

/// Where a scene error is in the file, for the page: the line the parser named ("at line 3, column 5"), else where
/// the document holds the error's path (`SceneLocation`: `views[1].frame` → the second view's `frame`), else the
/// first line that holds the last key of the path (`choreography.sort` → the line with `sort`).
public enum ErrorLocation {
    public static func line(for error: SceneError, in text: String) -> Int? {
        if let named = lineNamed(in: error.message) { return named }
        if !error.path.hasPrefix("form."), let located = SceneLocation.line(of: error.path, in: text) { return located }
        let keys = error.path.split(separator: ".").map { String($0.split(separator: "[")[0]) }.filter { !$0.isEmpty && $0 != "form" }
        guard !error.path.hasPrefix("form."), let last = keys.last else { return nil }
        let lines = text.components(separatedBy: "\n")
        // Walk the path's keys in order, so `canvas.width` finds the width under canvas, not a view's width.
        var from = 0
        var found: Int?
        for key in keys {
            guard let i = lines[from...].firstIndex(where: { Self.holds($0, key: key) }) else { break }
            found = i
            from = i
        }
        if found == nil { found = lines.firstIndex { Self.holds($0, key: last) } }
        return found.map { $0 + 1 }
    }

    static func holds(_ line: String, key: String) -> Bool {
        line.contains("\"\(key)\"") || line.trimmingCharacters(in: .whitespaces).hasPrefix("\(key):")
            || line.trimmingCharacters(in: .whitespaces).hasPrefix("- \(key):")
    }

    static func lineNamed(in message: String) -> Int? {
        guard let range = message.range(of: "line ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
}
