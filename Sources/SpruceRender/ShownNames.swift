/// Names (scenes, files) listed on one line of a message, cut so that the line stays short however many there are:
/// the first `limit` joined by commas, then "and N more" (the lines above a run's last line name each one).
public enum ShownNames {
    /// How many names a line shows before "and N more".
    public static let limit = 10

    /// "a, b, c", or "a, b, … j and 290 more".
    public static func joined(_ names: [String], shown: Int = limit) -> String {
        let more = names.count - shown
        return names.prefix(shown).joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    }
}
