import Advance
import Foundation

/// What one `view.spruce.animate` call set in motion: when each view starts and ends, for timing
/// hand-offs (`timingJSON()`), tests and timing diagrams.
public final class Choreography {
    /// When one view starts and ends, and where it is.
    public struct Timing: Equatable, Codable {
        /// The view's `id`, else its tag as text (a film names a view without an id by its place in the tree).
        public var view: String
        /// The view's `tag`.
        public var tag: Int
        /// Seconds from the `animate` call.
        public var start: Double
        /// When the view really ends (a spring: the frame on which it comes to rest).
        public var end: Double
        /// The duration the animation was asked for, when that is not how long it takes (a spring's
        /// nominal `duration`); nil otherwise. Exported as `nominalDuration`, beside `start` and `end`.
        public var nominalDuration: Double? = nil
        /// The view's center in the animated view's coordinates, for layout maps.
        public var x: Double
        /// The view's center's y in the animated view's coordinates (x is ``x``).
        public var y: Double
    }

    /// Every animated view in start order (ties keep the sort function's order).
    public internal(set) var timings: [Timing] = []
    /// True once the completion has fired (the last view finished).
    public internal(set) var isFinished = false
    /// Loop time of the `animate` call.
    public let startTime: Double
    /// The animated views, in the same order as `timings`.
    public let views: [View]

    init(startTime: Double, timings: [Timing], views: [View]) {
        (self.startTime, self.timings, self.views) = (startTime, timings, views)
    }

    /// When the last view ends, in seconds from the `animate` call.
    public var duration: Double { timings.map(\.end).max() ?? 0 }

    /// `{"duration": …, "views": [{"view": "tile-0-0", "tag": 0, "start": 0, "end": 0.5, "x": …, "y": …}, …]}`.
    public func timingJSON() -> Data {
        struct Export: Codable { var duration: Double; var views: [Timing] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try! encoder.encode(Export(duration: duration, views: timings))
    }

    /// Updates a view's end time with the loop time at which it really finished (animations that do
    /// not announce their duration).
    func recordEnd(of index: Int, at time: Double) {
        timings[index].end = max(timings[index].start, time - startTime)
    }
}
