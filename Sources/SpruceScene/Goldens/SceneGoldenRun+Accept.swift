import Foundation
import SpruceFilm
import SpruceRender

extension SceneGoldenRun {
    /// Throws `SceneGoldenRunError.notChecked` before any scene is played when a scene to accept is not among the
    /// scenes this run checks (`played`: their line names; a scene of another shard is not checked).
    func checkAccepting(_ played: [String]) throws {
        guard !recording, case .scenes = accepting else { return }
        let names = accepting.names(among: played)
        guard let unknown = names.first(where: { !played.contains($0) }) else { return }
        // Only a shard checks no scene at all (a run of no scenes is refused before this).
        let shown = played.isEmpty ? "this shard checks none"
            : SafeText.escaped(played.prefix(10).joined(separator: ", ") + (played.count > 10 ? ", …" : ""))
        throw SceneGoldenRunError.notChecked("\(labels.accepting): no scene named '\(SafeText.escaped(unknown))' is checked "
                                             + "(\(shown))")
    }

    /// Accepts the goldens of the scenes `accepting` names, or of every failed scene, through the review of the
    /// check (`GoldenReview`); one line per scene accepted. A scene that passed has nothing to accept; one that could
    /// not be played has no goldens to accept: it gets a line `not accepted NAME: it could not be played (REASON)` and
    /// is left failing. Returns the names accepted and those not accepted.
    func accept(_ summary: Summary, events: Events) throws -> (accepted: [String], notAccepted: [String]) {
        var review = GoldenReview(summary)
        let names: [String]
        switch accepting {
        case .none: return ([], [])
        case .all: names = review.items.map(\.name)
        case .scenes: names = accepting.names(among: summary.outcomes.map(\.name))
        }
        var accepted: [String] = [], notAccepted: [String] = []
        for name in names where !accepted.contains(name) && !notAccepted.contains(name) {
            guard let item = review.item(named: name) else { continue }
            if let error = item.error {
                events.line(SafeText.escaped("not accepted \(item.name): it could not be played (\(error))"))
                notAccepted.append(name)
                continue
            }
            let written: [String]
            do {
                written = try review.accept(id: item.id) {
                    try events.checkpoint(.accepting)
                    try cancellation.throwIfCancelled()
                }
            } catch let e as RenderError {
                throw SceneGoldenRunError.notAccepted("\(SafeText.escaped(item.scene.path)): goldens not accepted: \(e)", e)
            }
            written.forEach { events.wrote(item.goldensFolder.appendingPathComponent($0).path) }
            events.line(SafeText.escaped("accepted \(item.name): " + written.joined(separator: ", ")))
            accepted.append(name)
        }
        return (accepted, notAccepted)
    }

    /// The Markdown summary, when asked for, written atomically.
    func writeMarkdown(_ summary: Summary, shard: String, events: Events) throws {
        guard let markdown else { return }
        let url = URL(plainPath: markdown)
        let text = GoldenSummaryPage.markdown(summary, shard: shard, linksFrom: report == nil ? nil : url.deletingLastPathComponent())
        do { try AtomicFile.write(Data(text.utf8), to: url) } catch let e as RenderError {
            throw SceneGoldenRunError.notWritten("\(labels.markdown): \(e)", e)
        }
        events.wrote(markdown)
    }
}
