import Foundation
import IssueReporting
import SnapshotTesting
import Spruce
import SpruceFilm

/// A view and the choreography that animates it, for strategies over time without building a `Film` first:
/// `assertSnapshot(of: Choreographed(size: …, root: makeGrid) { $0.spruce.animate(…) }, as: .film(.filmstrip(every: 0.1)))`.
public struct Choreographed {
    /// Makes the film each time a strategy asks for it; throws what `Film` throws when the choreography cannot be
    /// filmed.
    public var film: () throws -> Film

    /// A view made by `root` on a canvas of `size` points, animated by `choreography` and filmed at `framesPerSecond`,
    /// with `loop` as the film's loop shape (by default, the last frame held for half a second).
    ///
    /// Nothing is made or animated until a strategy snapshots the value; each snapshot builds a new view.
    public init(size: CGSize, framesPerSecond: Double = 60, loop: FilmLoopShape = .inHold(hold: 0.5),
                root: @escaping () -> View, choreography: @escaping (View) -> Void) {
        film = { try Film(size: size, framesPerSecond: framesPerSecond, loop: loop, root: root, choreography: choreography) }
    }
}

extension Snapshotting where Value == Choreographed {
    /// Any film strategy (`.filmstrip(every:)`, `.timing`, `.motion(every:)`, `.frame(at:)`) for a view and its
    /// choreography. A choreography that cannot be filmed is reported as an issue, and nothing is written
    /// (`Snapshotting.golden`).
    public static func film(_ strategy: Snapshotting<Film, Format>) -> Snapshotting {
        strategy.asyncPullback { c in
            Async { film in
                do { film(try c.film()) } catch { reportIssue("the choreography cannot be filmed: \(error)") }
            }
        }
    }
}
