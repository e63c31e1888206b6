import Foundation

/// How long the views' own animations really take (end − start) in a choreography: for a spring, the
/// frame on which each view came to rest, which differs from view to view with where its start falls
/// between frames. Timing charts and titles show this beside the nominal duration.
public struct AnimationLengths: Equatable {
    /// Seconds the quickest view took from its start to its end.
    public let shortest: Double
    /// Seconds the slowest view took from its start to its end.
    public let longest: Double

    /// Nil without timings.
    public init?(_ timings: [Choreography.Timing]) {
        let lengths = timings.map { $0.end - $0.start }
        guard let low = lengths.min(), let high = lengths.max() else { return nil }
        (shortest, longest) = (low, high)
    }

    /// "0.65 s", or "0.65–0.76 s" when the views differ, to the hundredth.
    public var text: String {
        func s(_ v: Double) -> String { String(format: "%.2f", v) }
        return s(shortest) == s(longest) ? "\(s(shortest)) s" : "\(s(shortest))–\(s(longest)) s"
    }
}
