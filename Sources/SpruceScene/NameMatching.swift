/// Name lookup with the scene files' rules (case, dashes and underscores ignored) and "did you mean",
/// so the command line rejects a misspelt flag value with the same words a scene file gets.
public enum NameMatching {
    /// The canonical spelling of `word` among `allowed`, or nil.
    public static func canonical(_ word: String, in allowed: [String]) -> String? {
        allowed.first { Suggest.normalized($0) == Suggest.normalized(word) }
    }

    /// The closest allowed name within a small edit distance.
    public static func closest(to word: String, in allowed: [String]) -> String? {
        Suggest.closest(to: word, in: allowed)
    }

    /// `unknown sort "conered", did you mean "cornered"?`, or the list of allowed names.
    public static func unknown(_ kind: String, _ word: String, allowed: [String]) -> String {
        Suggest.unknown(kind, word, allowed: allowed)
    }
}
