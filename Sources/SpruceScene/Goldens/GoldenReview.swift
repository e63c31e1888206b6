import Foundation
import SpruceFilm
import SpruceRender

/// The scenes of a goldens check (`SceneGoldenRun` without recording) that need a person's decision: every scene
/// whose goldens differ or are missing, or that could not be played, worst first (`GoldenReviewItem.isWorse`), each
/// with its verdict per golden kind, its first differing time and its report pictures. `accept` writes a scene's
/// goldens (or one kind of them) as `--record` would have written them at the check; `reject` writes nothing. What
/// `render-gif test --accept` and the review page both stand on.
///
/// Items are found by `id` (`GoldenReviewItem.id`), never by a path: a request's text is only compared with the ids.
public struct GoldenReview {
    /// Worst first.
    public private(set) var items: [GoldenReviewItem]

    /// The review of a check's summary: its scenes that did not pass. A recording run's summary has no items.
    public init(_ summary: SceneGoldenRun.Summary) {
        guard !summary.recording else { items = []; return }
        items = zip(summary.outcomes, summary.scenes).compactMap { outcome, scene in
            outcome.passed ? nil : GoldenReviewItem(outcome: outcome, scene: scene.file, goldens: scene.goldens)
        }.sorted(by: GoldenReviewItem.isWorse(_:than:))
    }

    /// The item whose `id` is `id`, compared as text.
    public func item(id: String) -> GoldenReviewItem? { items.first { $0.id == id } }

    /// The item of the scene whose line shows `name` (`grid`, or `onboarding/intro` for one of two of that name).
    public func item(named name: String) -> GoldenReviewItem? { items.first { $0.name == name } }

    /// Writes the item's goldens that differ or are missing into its goldens folder, or only those of `kinds`
    /// (`filmstrip`, `timing`, `motion`), exactly as `--record` would have written them at the check: each file
    /// beside its golden, read back, then all renamed into place; `beforeRename` runs just before the first rename and
    /// stops the accept, nothing written, by throwing. Nothing outside the goldens folder is written. The item is
    /// marked accepted (with the kinds accepted so far) and stays in the list. Returns the files written and removed.
    /// Throws `GoldenReviewError` for an unknown id, a kind the item does not have or a scene that could not be played,
    /// `RenderError` when a file cannot be written (the goldens are then as they were), `RenderCancelled`.
    @discardableResult
    public mutating func accept(id: String, kinds: Set<String>? = nil, beforeRename: () throws -> Void = {}) throws -> [String] {
        guard let i = items.firstIndex(where: { $0.id == id }) else { throw GoldenReviewError.noSuchItem(id) }
        let item = items[i]
        if item.error != nil { throw GoldenReviewError.notPlayed(item.name) }
        if let unknown = kinds?.subtracting(item.verdicts.map(\.kind)).sorted().first {
            throw GoldenReviewError.noSuchKind(unknown, item: item.name, kinds: item.verdicts.map(\.kind))
        }
        let written = try item.goldens.accept(item.outcome, kinds: kinds, beforeRename: beforeRename)
        let accepted = item.verdicts.filter { $0.state != .matches && (kinds?.contains($0.kind) ?? true) }.map(\.kind)
        items[i].decision = .accepted(Array(Set(accepted + (items[i].decision?.kinds ?? []))).sorted())
        return written
    }

    /// Why `accept(id:kinds:)` would refuse to write the item's goldens, naming the first that is not a regular file
    /// (a symbolic link, a folder, a FIFO …; `FilmGoldens.refusal(accepting:kinds:)`); nil when there is none or no
    /// item has that id.
    public func refusal(id: String, kinds: Set<String>? = nil) -> String? {
        item(id: id).flatMap { $0.goldens.refusal(accepting: $0.outcome, kinds: kinds) }
    }

    /// Marks the item rejected: its goldens stay as they are, and the scene still fails its check.
    public mutating func reject(id: String) throws {
        guard let i = items.firstIndex(where: { $0.id == id }) else { throw GoldenReviewError.noSuchItem(id) }
        items[i].decision = .rejected
    }
}

/// Why a review could not do what it was asked; `description` is one line.
public enum GoldenReviewError: Error, Equatable, CustomStringConvertible {
    case noSuchItem(String)
    /// A golden kind the item does not have: the kind, the item's name and its kinds.
    case noSuchKind(String, item: String, kinds: [String])
    /// The scene could not be played: there are no goldens of it to accept.
    case notPlayed(String)

    public var description: String {
        switch self {
        case .noSuchItem(let id): "no scene to review has the id '\(SafeText.escaped(id))'"
        case .noSuchKind(let kind, let item, let kinds):
            "\(SafeText.escaped(item)) has no golden '\(SafeText.escaped(kind))' (its goldens: \(kinds.joined(separator: ", ")))"
        case .notPlayed(let name): "\(SafeText.escaped(name)) could not be played, so it has no goldens to accept"
        }
    }
}
