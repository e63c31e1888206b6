import Foundation
import Spruce

/// The shape of a film: what happens after the views have animated in, with the numbers that shape needs and
/// nothing else. A shape that plays an exit carries it, so an exit-less `in-hold-out` cannot be written.
public enum FilmLoopShape {
    /// Animate in; the film ends when everything is at rest.
    case `in`
    /// Animate in, then hold the finished screen for `hold` seconds.
    case inHold(hold: Double = 0.5)
    /// Animate in, then straight back out: `exit` starts once everything is at rest.
    case inOut(exit: FilmExit)
    /// Animate in, hold for `hold` seconds, then `exit`; the film ends on the screen it began with, so it loops seamlessly.
    case inHoldOut(hold: Double = 0.5, exit: FilmExit)
    /// Animate in, hold for `hold` seconds, then fade every animated view out together over `fade` seconds.
    case inHoldFade(hold: Double = 0.5, fade: Double = 0.25)
    /// Animate in, hold, then play the entrance backwards in time (springs' overshoot in reverse); the finished
    /// screen stays still for `hold` seconds in all, half before the reversal and half after it.
    case inHoldReverse(hold: Double = 0.5)
    /// Animate in and straight back backwards in time, without a hold.
    case boomerang

    /// The shapes by the names scene files and the command line spell them.
    public enum Name: String, CaseIterable, Sendable {
        /// `in`: ``FilmLoopShape/in``.
        case `in`
        /// `in-hold`: ``FilmLoopShape/inHold(hold:)``.
        case inHold = "in-hold"
        /// `in-out`: ``FilmLoopShape/inOut(exit:)``.
        case inOut = "in-out"
        /// `in-hold-out`: ``FilmLoopShape/inHoldOut(hold:exit:)``.
        case inHoldOut = "in-hold-out"
        /// `in-hold-fade`: ``FilmLoopShape/inHoldFade(hold:fade:)``.
        case inHoldFade = "in-hold-fade"
        /// `in-hold-reverse`: ``FilmLoopShape/inHoldReverse(hold:)``.
        case inHoldReverse = "in-hold-reverse"
        /// `boomerang`: ``FilmLoopShape/boomerang``.
        case boomerang

        /// The shapes that hold the finished screen (`hold` seconds).
        public static let holding: [Name] = [.inHold, .inHoldOut, .inHoldFade, .inHoldReverse]
    }

    /// The shape's name, without its numbers.
    public var name: Name {
        switch self {
        case .in: return .in
        case .inHold: return .inHold
        case .inOut: return .inOut
        case .inHoldOut: return .inHoldOut
        case .inHoldFade: return .inHoldFade
        case .inHoldReverse: return .inHoldReverse
        case .boomerang: return .boomerang
        }
    }

    /// Seconds the finished screen is held (0 for the shapes without a hold).
    public var hold: Double {
        switch self {
        case .inHold(let h), .inHoldOut(let h, _), .inHoldFade(let h, _), .inHoldReverse(let h): return h
        case .in, .inOut, .boomerang: return 0
        }
    }

    /// The exit choreography, for `.inOut` and `.inHoldOut`.
    public var exit: FilmExit? {
        switch self {
        case .inOut(let exit), .inHoldOut(_, let exit): return exit
        default: return nil
        }
    }
}

/// An exit choreography: called with the film's tree once the hold is over, with the film's clock current
/// (`root.spruce.animate(…)`, `view.animate(…)`).
public typealias FilmExit = (View) throws -> Void
