import SpruceScene

/// Flag values that are names: matched as scene files match them (case, dashes and underscores
/// ignored), rejected with the flag's name, the allowed values and a "did you mean".
enum Names {
    static func pick(_ value: String, flag: String, allowed: [String], kind: String? = nil) throws -> String {
        if let hit = NameMatching.canonical(value, in: allowed) { return hit }
        throw CLIError.usage(unknown(value, flag: flag, allowed: allowed))
    }

    static func unknown(_ value: String, flag: String, allowed: [String]) -> String {
        var text = "\(flag): unknown value \"\(value)\""
        if let near = NameMatching.closest(to: value, in: allowed) { text += ", did you mean \"\(near)\"?" }
        return text + " (allowed: \(allowed.joined(separator: ", ")))"
    }

    /// `unknown` for a view id: the first 12 of the scene's `ids` as the allowed values.
    static func unknown(_ id: String, flag: String, among ids: [String]) -> String {
        unknown(id, flag: flag, allowed: Array(ids.prefix(12)) + (ids.count > 12 ? ["…"] : []))
    }
}
