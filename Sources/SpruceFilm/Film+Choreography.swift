import Advance
import Foundation
import Spruce

extension Film {
    /// A film of any Swift choreography. `root` builds the view tree (a fresh one for every pass);
    /// `choreography` starts the entrance (`root.spruce.animate(…)`, `view.animate(…)`, animators on
    /// `Loop.current`) and runs with the film's clock current; what follows it is the loop shape's
    /// (`.inHoldOut(hold: 0.5, exit: { root in … })` carries its exit).
    ///
    /// The film measures itself: a dry run steps the clock until every animation is at rest, so its duration
    /// and frame count follow from the animations' settling times. It throws when the choreography animates
    /// nothing, starts animations on another clock (`Loop.shared`), or never comes to rest, and when a label's text or
    /// font family holds a character Cairo cannot draw (a Unicode noncharacter such as U+FFFE, or U+0000).
    public init(size: CGSize, scale: CGFloat = 1, background: Color? = .white, framesPerSecond: Double = 60,
                loop shape: FilmLoopShape = .inHold(hold: 0.5), lead: Double = 0, duration fixedDuration: Double? = nil,
                root makeRoot: @escaping () throws -> View,
                choreography: @escaping (View) throws -> Void) throws {
        let builder = FilmBuilder(framesPerSecond: framesPerSecond, lead: lead, fixedDuration: fixedDuration,
                                  root: makeRoot, entrance: choreography)
        let entrance = try builder.measureEntrance()
        self = try builder.film(canvas: FilmCanvas(size: size, scale: scale, background: background), shape: shape,
                                entrance: entrance, phases: builder.phases(shape, after: entrance))
    }
}
