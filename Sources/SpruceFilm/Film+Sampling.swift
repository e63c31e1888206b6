import Foundation
import Spruce
import SpruceRender

extension Film {
    /// Reads the view tree at each of `times` (film seconds) and returns what `read` makes of it, in the
    /// order given. One cursor moves forward through the choreography's own moments (a reversed part is the
    /// entrance read again, not replayed from the start for every frame), so reading every frame of a film
    /// costs one pass of its clock. `read` must copy what it needs: the tree moves on after it returns.
    /// Wrap the call in a `ChoreographyLog` to learn which choreographies the film starts.
    public func sample<T>(at times: [Double], cancellation: RenderCancellation? = nil,
                          _ read: (View) throws -> T) throws -> [T] {
        try sample(at: times, cancellation: cancellation) { _, view in try read(view) }
    }

    /// `sample(at:cancellation:_:)`, telling `read` which of `times` it reads (the moments are read in the
    /// choreography's order, so a reversed part's times come out of order).
    public func sample<T>(at times: [Double], cancellation: RenderCancellation? = nil,
                          _ read: (Int, View) throws -> T) throws -> [T] {
        for t in times { try FilmError.checkTime(t) }
        let moments = times.map(sceneTime(at:))
        let order = moments.indices.sorted { (moments[$0], $0) < (moments[$1], $1) }
        let cursor = try FilmCursor(film: self)
        cursor.cancellation = cancellation
        var values = [T?](repeating: nil, count: times.count)
        // A moment of the choreography is at most `reverseFrom`, where film time and scene time agree.
        for i in order { values[i] = try read(i, cursor.seek(to: moments[i])) }
        return values.map { $0! }
    }
}
