import Foundation
import Spruce

/// A view's place in a tree, as the subview index at each level down from the root: the same view in every tree
/// the same `root` closure builds.
struct TreePath {
    let indices: [Int]

    /// A view's place as goldens name a view without an id: `3.1` (the second subview of the fourth) for the place
    /// `parent` (`""` for the root) and `child`'s index in it.
    static func place(_ parent: String, child index: Int) -> String { parent.isEmpty ? "\(index)" : "\(parent).\(index)" }

    /// The name of the view at `place`: the place, or `root` for the root's (`""`).
    static func name(ofPlace place: String) -> String { place.isEmpty ? "root" : place }

    /// The places of `views` in `root`'s tree, in the order given (views outside the tree are left out).
    static func paths(of views: [View], in root: View) -> [TreePath] {
        var places: [ObjectIdentifier: [Int]] = [:]
        func walk(_ v: View, _ path: [Int]) {
            places[ObjectIdentifier(v)] = path
            for (i, s) in v.subviews.enumerated() { walk(s, path + [i]) }
        }
        walk(root, [])
        return views.compactMap { places[ObjectIdentifier($0)].map(TreePath.init) }
    }

    func view(in root: View) -> View? {
        var v = root
        for i in indices {
            guard v.subviews.indices.contains(i) else { return nil }
            v = v.subviews[i]
        }
        return v
    }
}
