import Foundation
import SpruceRender

extension FilmGoldens {
    /// What a golden that cannot be read is told to do, unless a caller words it (`render-gif test` names its flags).
    public static let defaultReplaceHint = "recording or accepting replaces it"

    /// `the golden NAME cannot be read (REASON); HINT` for a PNG (`reason`: the decoder's words, which may start with
    /// the path) or a file that cannot be read (too large, not readable), `the golden NAME is not a readable UTF-8
    /// text file; HINT` for a text that is not one (`reason` nil).
    func unreadableMessage(_ url: URL, reason: String?) -> String {
        let name = SafeText.escaped(url.lastPathComponent)
        guard let reason else { return "the golden \(name) is not a readable UTF-8 text file; \(replaceHint)" }
        let prefix = "\(url.path): "
        let why = reason.hasPrefix(prefix) ? String(reason.dropFirst(prefix.count)) : reason
        return "the golden \(name) cannot be read (\(SafeText.escaped(why))); \(replaceHint)"
    }
}
