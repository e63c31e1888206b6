import Advance
import Foundation
import Spruce
import SpruceRender

/// One pass through a film: a fresh tree on a fresh clock, moved forward to each requested moment. Asked
/// for an earlier moment of the choreography than it has reached (a reversed part), it starts afresh, so
/// every moment is reached the same way whatever was asked before. A film's samples, stills, filmstrips
/// and fingerprint go through one, and so do the video pipeline's frames, one cursor per drawing thread
/// (`AnimationFrameSource`).
public final class FilmCursor {
    /// The film this cursor plays.
    public let film: Film
    private var loop: Loop
    /// The tree as it stands at the moment last sought; a new object when the cursor starts afresh.
    public private(set) var root: View
    /// Checked while seeking: once it is cancelled, ``seek(to:)`` throws.
    public var cancellation: RenderCancellation?

    /// A cursor at the start of `film`: a fresh tree with the film scheduled on a fresh clock at time 0. Throws what
    /// the film's scene throws.
    public init(film: Film) throws {
        self.film = film
        (loop, root) = try FilmCursor.start(film)
    }

    private static func start(_ film: Film) throws -> (Loop, View) {
        let loop = Loop(framesPerSecond: film.framesPerSecond)
        return (loop, try film.makeScene(on: loop))
    }

    /// Whether the tree at film time `t` is exactly the tree as it is now: `t` lies ahead on the choreography's clock
    /// and nothing runs or is due before it (`Loop.restsUntil`), as through a hold.
    public func isStill(through t: Double) -> Bool {
        let target = film.sceneTime(at: t)
        return target >= loop.time && loop.restsUntil(target)
    }

    /// The tree as it is at film time `t` (the same object, moved on; read it before the next call).
    @discardableResult
    public func seek(to t: Double) throws -> View {
        try FilmError.checkTime(t)
        let target = film.sceneTime(at: t)
        if target < loop.time { (loop, root) = try FilmCursor.start(film) }
        let loop = self.loop, cancellation = self.cancellation
        try loop.makeCurrent {
            try loop.advance(to: target) { try cancellation?.throwIfCancelled() }
        }
        try cancellation?.throwIfCancelled()
        return root
    }
}
