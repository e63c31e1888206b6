import Foundation
import Spruce

extension Film {
    /// Views in the film's tree as it starts, the root included: builds the scene once and moves nothing. For
    /// outputs that hold something per view and moment, to refuse a film too large before reading it.
    public func viewCount() throws -> Int {
        func count(_ v: View) -> Int { 1 + v.subviews.reduce(0) { $0 + count($1) } }
        return count(try FilmCursor(film: self).root)
    }
}
