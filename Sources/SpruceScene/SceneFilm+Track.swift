import Foundation
import Spruce

extension SceneFilm {
    /// One choreography of the document made into Spruce values, and the calls it makes on a tree: its views'
    /// starting state, its entrance, and its exit (the entrance's mirror image).
    public struct Track {
        public let spec: ChoreographySpec
        public let sortFunction: SortFunction
        public let animation: TimedAnimation
        public let stockAnimations: [StockAnimation]
        /// Its part of the in-phase, as the film's dry run measured it (times from the in-phase's start).
        public internal(set) var timings: [Choreography.Timing] = []
        /// Where errors about this choreography point: `choreography` or `choreography[i]`.
        let path: String
        /// When each view it animates starts, by the view's place in the subview walk (the same in every tree).
        var startsByWalkIndex: [Int: Double] = [:]

        /// When the last of its views has finished (relative to the start of the in-phase).
        public var duration: Double { timings.map(\.end).max() ?? 0 }

        /// Checks the target and excluded ids against `root`, a tree of the scene.
        init(_ spec: ChoreographySpec, path: String, checkedIn root: View) throws {
            (self.spec, self.path) = (spec, path)
            sortFunction = try spec.makeSortFunction()
            animation = try spec.makeAnimation()
            stockAnimations = spec.makeStockAnimations()
            let (target, _) = try SceneFilm.resolve(spec, path: path, in: root)
            // A stagger from a view index starts at that view: one beyond the views it runs over is a mistake to name,
            // not an origin to clamp.
            if let stagger = sortFunction as? StaggerSortFunction, case .index(let index) = stagger.from {
                let count = SpruceUIView.subviews(of: target, recursiveDepth: spec.recursiveDepth).count
                guard index < count else {
                    throw SceneError("\(path).from", "view \(index) is beyond the \(count) views the stagger runs over (0…\(max(0, count - 1)))")
                }
            }
        }

        /// Takes its timings and starts from the dry run's choreography of it, on the dry run's tree.
        mutating func measured(_ timings: [Choreography.Timing], views: [View], in root: View) throws {
            self.timings = timings
            let (target, _) = try SceneFilm.resolve(spec, path: path, in: root)
            let walk = SpruceUIView.subviews(of: target, recursiveDepth: spec.recursiveDepth).map { ObjectIdentifier($0.view) }
            let walkIndex = Dictionary(uniqueKeysWithValues: walk.enumerated().map { ($1, $0) })
            for (v, t) in zip(views, timings) { if let i = walkIndex[ObjectIdentifier(v)] { startsByWalkIndex[i] = t.start } }
        }

        /// Puts every view it animates in the stock animations' starting state.
        func prepare(in root: View) throws {
            let (target, excluded) = try SceneFilm.resolve(spec, path: path, in: root)
            let skip = Set(excluded.map(ObjectIdentifier.init))
            let prepares = stockAnimations.map(\.prepareFunction)
            for offset in sortFunction.timeOffsets(view: target, recursiveDepth: spec.recursiveDepth)
            where !skip.contains(ObjectIdentifier(offset.spruceView)) {
                prepares.forEach { $0(offset.spruceView) }
            }
        }

        /// Animates its views in, in the sort function's order, to the stock animations' end state.
        func animateIn(in root: View) throws {
            let changes = stockAnimations.map(\.animationFunction)
            try animate(in: root, sortedBy: sortFunction) { v in changes.forEach { $0(v) } }
        }

        /// Animates its views back to their starting state, the last in first out (`lastStart`: the latest start of
        /// every track, so that several tracks mirror as one).
        func animateOut(in root: View, lastStart: Double) throws {
            let prepares = stockAnimations.map(\.prepareFunction)
            try animate(in: root, sortedBy: MirroredSortFunction(startsByWalkIndex: startsByWalkIndex, lastStart: lastStart)) { v in
                prepares.forEach { $0(v) }
            }
        }

        private func animate(in root: View, sortedBy sort: SortFunction, changes: @escaping ChangeFunction) throws {
            let (target, excluded) = try SceneFilm.resolve(spec, path: path, in: root)
            var animation = self.animation
            animation.changeFunction = changes
            target.spruce.animate(withSortFunction: sort, prepare: nil, animation: animation, exclude: excluded,
                                  recursiveDepth: spec.recursiveDepth)
        }
    }

    static func resolve(_ spec: ChoreographySpec, path: String = "choreography", in root: View) throws -> (View, [View]) {
        var target = root
        if let id = spec.target {
            guard let v = root.view(withID: id) else { throw SceneError("\(path).target", "no view has the id \"\(id)\"") }
            target = v
        }
        let excluded = try spec.exclude.enumerated().map { i, id -> View in
            guard let v = root.view(withID: id) else { throw SceneError("\(path).exclude[\(i)]", "no view has the id \"\(id)\"") }
            return v
        }
        return (target, excluded)
    }
}

/// The out-phase order: the last view in is the first out (offset = last start − own start).
/// Views are matched by their place in the subview walk, which is the same in every copy of the scene.
struct MirroredSortFunction: SortFunction {
    let startsByWalkIndex: [Int: Double]
    /// The latest start of the whole film, so several tracks mirror as one.
    let lastStart: Double

    func timeOffsets(view: View, recursiveDepth: Int) -> [TimedView] {
        let last = lastStart
        return SpruceUIView.subviews(of: view, recursiveDepth: recursiveDepth).enumerated().compactMap { i, s in
            startsByWalkIndex[i].map { TimedView(spruceView: s.view, timeOffset: last - $0) }
        }
    }
}
