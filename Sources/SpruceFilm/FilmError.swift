import Foundation
import SpruceRender

/// Why a film cannot be made or drawn, in one line naming the problem.
public enum FilmError: Error, Equatable, CustomStringConvertible {
    /// A parameter out of range (frame rate, canvas, time, hold).
    case invalid(String)
    /// The choreography started animations on a clock that is not the film's (for example `Loop.shared`,
    /// or an `Animator` given another loop): they would never move in the film.
    case animationOffClock(Int)
    /// The choreography started no animation at all, so the film would be a still picture.
    case nothingAnimates
    /// The animations were still moving after `FilmSettling.limit` seconds.
    case neverSettles(Double)
    /// A label's text or font family holds a scalar Cairo cannot draw (a Unicode noncharacter such as U+FFFE, or
    /// U+0000): `view` is its id, else its place in the tree (`0.2`, `root`); `property` is `text` or `font family`.
    case undrawableText(view: String, property: String, scalar: Unicode.Scalar)

    /// The one-line message naming the problem and, where there is one, the way out.
    public var description: String {
        switch self {
        case .invalid(let s): return s
        case .animationOffClock(let n):
            return "the choreography started \(n) animation\(n == 1 ? "" : "s") on a clock other than the film's "
                + "(Loop.shared or another Loop); start them inside the choreography closure, where Loop.current is the film's clock"
        case .nothingAnimates:
            return "the choreography started no animation on the film's clock, so the film would be a still picture"
        case .neverSettles(let t):
            return "the animations are still moving after \(t) s; a film must come to rest"
        case let .undrawableText(view, property, scalar):
            return "view '\(view)': its \(property) holds \(CairoText.name(of: scalar)), which Cairo cannot draw"
        }
    }

    static func checkRate(_ fps: Double) throws {
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw FilmError.invalid("frame rate must be in (0, 1000], got \(fps)") }
    }

    static func checkTime(_ t: Double, _ name: String = "time") throws {
        guard t.isFinite, t >= 0 else { throw FilmError.invalid("\(name) \(t) must be a finite number ≥ 0") }
    }
}
