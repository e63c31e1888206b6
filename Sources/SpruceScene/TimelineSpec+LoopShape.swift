import Foundation
import SpruceFilm

extension TimelineSpec {
    /// The loop shapes a scene file and `--loop` can name, in the order messages list them. `-out` shapes animate
    /// the views back out, last in first out; `in-hold-reverse` plays the entrance backwards in time, as the Spruce
    /// README gifs do; `in-hold-fade` ends with every animated view fading out at once, as the phone mock-up gif
    /// does. All but `in` and `in-hold` loop seamlessly.
    public static let loopNames = FilmLoopShape.Name.allCases.filter { $0 != .boomerang }

    /// The film's loop shape with this timeline's hold and fade, playing `exit` where the shape has one. `in` and
    /// `in-hold` both hold the finished screen for `hold` seconds.
    func loopShape(exit: @escaping FilmExit) -> FilmLoopShape {
        switch loop {
        case .in, .inHold: return .inHold(hold: hold)
        case .inOut: return .inOut(exit: exit)
        case .inHoldOut: return .inHoldOut(hold: hold, exit: exit)
        case .inHoldFade: return .inHoldFade(hold: hold, fade: fade)
        case .inHoldReverse: return .inHoldReverse(hold: hold)
        case .boomerang: return .boomerang
        }
    }
}
