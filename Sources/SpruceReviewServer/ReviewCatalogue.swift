import Foundation
import SpruceFilm
import SpruceRender
import SpruceScene

/// The scenes of a review: a goldens check of the paths given (`SceneGoldenRun`, as `render-gif test` runs it, in a
/// goldens folder given or `goldens/` beside each scene) made into SpruceScene's review model (`GoldenReview`: worst
/// first, ids, accept and reject), and for each item the films and texts its page shows (`ReviewItem`). Items are
/// found by id only; accepting is the model's: only the item's own goldens, into its goldens folder.
public final class ReviewCatalogue: @unchecked Sendable {
    public let items: [ReviewItem]
    /// Scenes played.
    public let scenesChecked: Int
    /// Scenes that could not be played, with why (shown above the list).
    public let problems: [String]
    private let lock = NSLock()
    private var review: GoldenReview

    /// Checks every scene of `paths`; no paths, no scenes (a review of an artifacts folder's failures only). Throws
    /// `SceneGoldenRunError` when the paths hold no scene, two scenes would share goldens, or a goldens folder is not one
    /// (`goldensLabel` names `goldens` in its message; a command line passes its flag).
    public init(paths: [String], goldens: String?, goldensLabel: String = SceneGoldenRun.Labels().goldens) throws {
        var run = SceneGoldenRun(paths: paths)
        run.goldens = goldens
        run.labels.goldens = goldensLabel
        let summary = paths.isEmpty ? SceneGoldenRun.Summary(outcomes: [], recording: false) : try run.run()
        review = GoldenReview(summary)
        var items: [ReviewItem] = [], problems: [String] = []
        for item in review.items {
            if let error = item.error { problems.append("\(SafeText.escaped(item.name)): \(SafeText.escaped(error))"); continue }
            do { items.append(try ReviewItem(item, film: try SceneGoldenRun.film(of: item.scene))) } catch {
                problems.append("\(SafeText.escaped(item.name)): \(SafeText.escaped("\(error)"))")
            }
        }
        (self.items, self.problems, scenesChecked) = (items, problems, summary.outcomes.count)
    }

    /// An item by its id; nil for any other text.
    public func item(_ id: String) -> ReviewItem? { items.first { $0.id == id } }

    /// Accepts the item's goldens of `kinds` (nil: every kind that differs or is missing) through the model.
    /// Refuses (403) a golden that is not a regular file (a symbolic link, a folder, a FIFO …) before anything is
    /// written.
    func accept(_ item: ReviewItem, kinds: Set<ReviewItem.Kind>?) throws {
        lock.lock(); defer { lock.unlock() }
        let names = kinds.map { Set($0.map(\.rawValue)) }
        if let refusal = review.refusal(id: item.id, kinds: names) { throw ReviewRefusal.forbidden(refusal) }
        try review.accept(id: item.id, kinds: names)
    }

    func reject(_ item: ReviewItem) throws {
        lock.lock(); defer { lock.unlock() }
        try review.reject(id: item.id)
    }

    /// `pending`, `accepted` (with the kinds accepted so far) or `rejected`.
    func decision(of item: ReviewItem) -> (state: String, kinds: [String]) {
        lock.lock(); defer { lock.unlock() }
        switch review.item(id: item.id)?.decision {
        case .accepted(let kinds)?: return (item.differingKinds.allSatisfy { kinds.contains($0.rawValue) } ? "accepted" : "pending", kinds)
        case .rejected?: return ("rejected", [])
        case nil: return ("pending", [])
        }
    }
}
