import Foundation

/// One view and when, relative to the start of the whole choreography, its animation starts.
public struct TimedView {
    /// The original's name for the animated view.
    public let spruceView: View

    /// Seconds from the start of the overall animation.
    public var timeOffset: TimeInterval

    /// `spruceView`, starting `timeOffset` seconds after the choreography starts.
    public init(spruceView: View, timeOffset: TimeInterval) {
        self.spruceView = spruceView
        self.timeOffset = timeOffset
    }

    /// The name Spruce's README uses for `spruceView`.
    public var view: View { spruceView }
}
