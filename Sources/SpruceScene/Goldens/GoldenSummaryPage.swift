import Foundation
import SpruceFilm
import SpruceRender

/// A goldens check as Markdown for a CI job's summary page (GitHub's `$GITHUB_STEP_SUMMARY`): a headline with the
/// counts, then a table of the failing scenes, worst first (`GoldenReview`), with the kinds that differ or are
/// missing, the first differing time and, when the run wrote a report, links to its pictures.
public enum GoldenSummaryPage {
    /// `shard` follows the counts (` (shard 2/4 of 9)`); `linksFrom` is the folder the summary is written in, to which
    /// the links to the pictures are relative (nil: no pictures column).
    public static func markdown(_ summary: SceneGoldenRun.Summary, shard: String = "", linksFrom folder: URL?) -> String {
        let total = summary.outcomes.count, failed = summary.failed.count, accepted = summary.accepted.count
        var counts = "\(failed) failed, \(total - failed - accepted) passed"
        if accepted > 0 { counts += ", \(accepted) accepted" }
        let allPassed = failed == 0 && accepted == 0
        var text = "### Film goldens: " + (allPassed ? "all \(total) scene\(total == 1 ? "" : "s") passed" : "\(counts) of \(total) scenes")
        text += shard + "\n"
        let failing = Set(summary.failed.map(\.name))
        let items = GoldenReview(summary).items.filter { failing.contains($0.name) }
        if !items.isEmpty {
            text += "\n| scene | failing goldens | first difference |" + (folder == nil ? "" : " pictures |")
            text += "\n| --- | --- | --- |" + (folder == nil ? "" : " --- |") + "\n"
            for item in items {
                var cells = [escaped(item.name), kinds(item), item.firstDifference.map { "\(Film.label($0)) s" } ?? "–"]
                if let folder { cells.append(pictures(item, from: folder)) }
                text += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        if accepted > 0 { text += "\nAccepted: " + summary.accepted.map(escaped).joined(separator: ", ") + "\n" }
        return text
    }

    /// `filmstrip, motion`, with `timing (missing)`, or why the scene could not be played.
    static func kinds(_ item: GoldenReviewItem) -> String {
        if let error = item.error { return "not played: " + escaped(error) }
        return (item.differingKinds + item.missingKinds.map { "\($0) (missing)" }).joined(separator: ", ")
    }

    /// `[expected](…) · [actual](…) · [difference](…)`, relative to `folder`; `–` when the check made none.
    static func pictures(_ item: GoldenReviewItem, from folder: URL) -> String {
        let a = item.artifacts
        let links = [("expected", a.expected), ("actual", a.actual), ("difference", a.difference), ("side by side", a.sideBySide)]
            .compactMap { name, url in url.map { "[\(name)](\(relative($0, from: folder)))" } }
        return links.isEmpty ? "–" : links.joined(separator: " · ")
    }

    /// The path of `file` from `folder`, `..` where it must climb, each part percent-encoded for a Markdown link.
    static func relative(_ file: URL, from folder: URL) -> String {
        let to = file.standardizedFileURL.pathComponents, from = folder.standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(to.count - 1, from.count), to[shared] == from[shared] { shared += 1 }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "()/?#")
        let parts = Array(repeating: "..", count: from.count - shared)
            + to[shared...].map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return parts.joined(separator: "/")
    }

    /// A name as Markdown text: control characters as `SafeText` shows them, Markdown's punctuation escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in SafeText.escaped(text) {
            if "\\`*_[]<>|~&".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
