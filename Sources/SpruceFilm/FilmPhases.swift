import Foundation

/// Seconds at which each part of the film begins and ends.
public struct FilmPhases: Equatable, Sendable {
    /// The in-choreography starts (after the lead of prepared, still screen).
    public var animateIn: Double
    /// Everything that animated in is at rest.
    public var inEnd: Double
    /// The exit (or fade) choreography starts.
    public var animateOut: Double?
    /// From here on the film plays its first part backwards.
    public var reverseFrom: Double?
    /// The film ends.
    public var end: Double

    /// Phases at the given seconds, taken as given (a ``Film`` made from a choreography computes them from its loop
    /// shape).
    public init(animateIn: Double, inEnd: Double, animateOut: Double? = nil, reverseFrom: Double? = nil, end: Double) {
        (self.animateIn, self.inEnd, self.animateOut, self.reverseFrom, self.end) = (animateIn, inEnd, animateOut, reverseFrom, end)
    }

    /// The phases of a loop shape, given how long the entrance lasts (its settling time) and how long the exit
    /// lasts (`nil`: as long as the entrance, the mirror image). `fixedDuration` cuts or extends the film; for
    /// `in-hold-reverse` it also puts the mirror at its middle, as in screen recordings played back and forth.
    public static func make(shape: FilmLoopShape, lead: Double = 0, inDuration: Double, outDuration: Double? = nil,
                            fixedDuration: Double? = nil) throws -> FilmPhases {
        for (name, v) in [("lead", lead), ("entrance duration", inDuration)] { try FilmError.checkTime(v, name) }
        let hold = shape.hold
        guard hold.isFinite, inDuration + hold >= 0 else {
            throw FilmError.invalid("hold \(hold) s reaches back before the in-phase starts (it lasts \(inDuration) s)")
        }
        if let d = fixedDuration { try FilmError.checkTime(d, "duration") }
        let inStart = lead, inEnd = lead + inDuration
        let out = outDuration ?? inDuration
        var p: FilmPhases
        switch shape {
        case .in, .inHold:
            p = FilmPhases(animateIn: inStart, inEnd: inEnd, end: inEnd + max(0, hold))
        case .inOut:
            p = FilmPhases(animateIn: inStart, inEnd: inEnd, animateOut: inEnd, end: inEnd + out + lead)
        case .inHoldOut:
            p = FilmPhases(animateIn: inStart, inEnd: inEnd, animateOut: inEnd + hold, end: inEnd + hold + out + lead)
        case .inHoldReverse, .boomerang:
            // The finished screen holds half the hold before the mirror and half after it: `hold` seconds in all, so the
            // film lasts lead + in + hold + in + lead, as in-hold-out does (the whole hold on each side held it twice).
            let mirror = fixedDuration.map { $0 / 2 } ?? (inEnd + hold / 2)
            p = FilmPhases(animateIn: inStart, inEnd: inEnd, reverseFrom: mirror, end: 2 * mirror)
        case .inHoldFade(_, let fade):
            try FilmError.checkTime(fade, "fade")
            // The fade ends on the empty screen the film starts with, so no trailing lead.
            p = FilmPhases(animateIn: inStart, inEnd: inEnd, animateOut: inEnd + hold, end: inEnd + hold + fade)
        }
        if let d = fixedDuration { p.end = d }
        return p
    }
}
