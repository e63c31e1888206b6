/// The flags of a render command line that say which scene it plays and where its film goes: `--scene`, `--out`
/// and `-o`, in every spelling the parser reads (`--out x`, `--out=x`, `-o x`, `-o=x`, `-ox`). Flags given for a
/// render whose scene and out are set elsewhere (a batch item's `scene` and `out`, a `compare` side's A or B) may not
/// hold them: the later one would win or the first be ignored, without a word.
public enum TargetFlags {
    /// The first word of `words` that names the scene or the out, by its flag ("--scene", "--out" or "-o"); nil
    /// when there is none.
    public static func first(in words: [String]) -> String? {
        for word in words {
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if ["--scene", "--out"].contains(name) { return name }
            if word.hasPrefix("-o"), !word.hasPrefix("--") { return "-o" }
        }
        return nil
    }
}
