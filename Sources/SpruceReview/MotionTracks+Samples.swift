import Foundation
import Spruce

extension MotionTracks {
    /// One view's samples, kept flat: `width` values a sample (opacity, scale, rotation, x, y, as the view is drawn
    /// relative to its superview) from its first sample on. Before the first sample (the animate call had not
    /// reached the view) it reads its first, prepared, values; after its last it keeps its last.
    struct Samples {
        static let width = 5
        var view: String
        /// Start of the view's animation, seconds from the animate call.
        var start: Double
        /// The index of the first sample stored, among `count` sample times.
        var first: Int
        var count: Int
        var values: [Double] = []

        init(view: String, start: Double, first: Int, count: Int) {
            (self.view, self.start, self.first, self.count) = (view, start, first, count)
        }

        /// Value `k` of sample `i` (0 ≤ i < count).
        func value(_ i: Int, _ k: Int) -> Double {
            let stored = values.count / Self.width
            return values[min(max(i - first, 0), stored - 1) * Self.width + k]
        }

        /// `view` as sample `i`; a sample missing in between (none so far) repeats the one before it.
        mutating func append(_ view: View, at i: Int) {
            while first + values.count / Self.width < i { values.append(contentsOf: values.suffix(Self.width)) }
            let t = view.transform
            values.append(Double(view.alpha))
            values.append(Double((abs(t.a * t.d - t.b * t.c)).squareRoot()))
            values.append(Double(atan2(t.b, t.a)))
            values.append(Double(view.center.x + t.tx))
            values.append(Double(view.center.y + t.ty))
        }
    }
}
