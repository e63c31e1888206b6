import Foundation
import Geometry
import Spruce
import SpruceFilm

/// Every change a user can make to a scene's film without editing the scene: the command line's flags, the
/// preview's form, a batch item's fields and each side of `compare` all fill this one value. A field left nil keeps
/// the scene's value. Choreography fields change the scene's first choreography, as the keys of the same name in a
/// scene file's `choreography` do.
public struct FilmOverrides: Equatable, Sendable {
    // The sort function and its parameters.
    /// A sort chosen over the scene's; it keeps the scene's parameters that it takes (`SortSpec.init(_:keeping:)`).
    public var sort: SortSpec.Name?
    /// Parameters of the sort the film plays (the chosen one, else the scene's), at most one of each name, in
    /// `SortParameter.Name` order (`set(_:)` keeps it). One the sort does not take changes nothing; the command line
    /// refuses it (`SortSpec.sort(_:takes:)`).
    public private(set) var sortParameters: [SortParameter] = []
    public var ease: SortEase?

    // The animation: stock animations, its kind and its spring or curve.
    public var animations: [AnimationSpec]?
    public var animation: ChoreographySpec.AnimationType?
    public var animationDuration: Double?
    public var damping: Double?
    public var velocity: Double?
    public var recursiveDepth: Int?
    /// Ids of views that do not animate.
    public var exclude: [String]?

    // The canvas.
    /// Canvas size in points; views that filled the old canvas fill the new one.
    public var size: CGSize?
    /// The scene's first grid re-cut into this many rows and columns.
    public var rows: Int?
    public var columns: Int?
    public var background: Background?
    /// Pixels per point.
    public var scale: Double?

    // The timeline.
    public var fps: Double?
    public var loop: FilmLoopShape.Name?
    /// Seconds the finished screen holds still; negative starts the way out that long before the last view rests.
    public var hold: Double?

    public enum Background: Equatable, Sendable {
        case transparent
        case color(Color)

        /// `nil` is transparent, as `CanvasSpec.background` has it.
        public init(_ color: Color?) { self = color.map { .color($0) } ?? .transparent }
        public var color: Color? { if case .color(let c) = self { return c } else { return nil } }
    }

    public init() {}

    /// Sets a sort parameter, in place of one of the same name.
    public mutating func set(_ p: SortParameter) {
        let order = SortParameter.Name.allCases
        sortParameters.removeAll { $0.name == p.name }
        sortParameters.append(p)
        sortParameters.sort { order.firstIndex(of: $0.name)! < order.firstIndex(of: $1.name)! }
    }

    /// Whether a field that changes when views start or how long they move is set.
    public var changesTiming: Bool {
        [animationDuration, damping, velocity].contains { $0 != nil }
            || sort != nil || ease != nil || animation != nil
            || sortParameters.contains { ![.corner, .position, .direction].contains($0.name) }
    }

    /// The names of the fields that are set, in declaration order (each sort parameter by its own name).
    public var setFields: [String] {
        Mirror(reflecting: self).children.flatMap { child -> [String] in
            if child.label == "sortParameters" { return sortParameters.map(\.name.rawValue) }
            let value = Mirror(reflecting: child.value)
            return value.displayStyle == .optional && value.children.isEmpty ? [] : [child.label].compactMap { $0 }
        }
    }

    /// The spring's fields that are set (a standard animation ignores them).
    public var springParameters: [String] {
        [("damping", damping != nil), ("velocity", velocity != nil)].filter(\.1).map(\.0)
    }
}
