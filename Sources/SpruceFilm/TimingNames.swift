import Spruce

/// The names a film gives the views its entrance animates: a view's id, else its place in the tree (`3.1`, the
/// second subview of the fourth; `root` for the root), as the motion golden names every view. Spruce itself names a
/// view without an id by its tag, which views share unless someone sets them (every tag is 0 by default); a film's
/// names tell its views apart, and the timing golden finds each row's settling time in the samples by its name.
enum TimingNames {
    /// `calls` with each view that has no id named by its place in `root`'s tree; `choreographies[k].views` are the
    /// views of `calls[k]`, in order.
    static func named(_ calls: [[Choreography.Timing]], _ choreographies: [Choreography], in root: View) -> [[Choreography.Timing]] {
        var places: [ObjectIdentifier: String] = [:]
        func walk(_ view: View, _ path: String) {
            places[ObjectIdentifier(view)] = TreePath.name(ofPlace: path)
            for (i, child) in view.subviews.enumerated() { walk(child, TreePath.place(path, child: i)) }
        }
        walk(root, "")
        return zip(calls, choreographies).map { timings, choreography in
            guard timings.count == choreography.views.count else { return timings }
            return zip(timings, choreography.views).map { timing, view in
                guard view.id == nil, let place = places[ObjectIdentifier(view)] else { return timing }
                var named = timing
                named.view = place
                return named
            }
        }
    }
}
