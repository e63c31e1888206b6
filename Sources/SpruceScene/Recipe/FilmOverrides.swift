import Foundation
import Geometry
import Spruce
import SpruceFilm

/// Every change a user can make to a scene's film without editing the scene: the command line's flags, the
/// preview's form, a batch item's fields and each side of `compare` all fill this one value. A field left nil keeps
/// the scene's value. Choreography fields change the scene's first choreography, as the keys of the same name in a
/// scene file's `choreography` do.
public struct FilmOverrides: Equatable {
    // The sort function and its parameters.
    public var sort: ChoreographySpec.Sort?
    public var corner: Corner?
    public var position: Position?
    public var direction: Direction?
    public var reversed: Bool?
    /// Seconds between one view's start and the next's.
    public var delay: Double?
    /// The continuous sorts' total spread in seconds.
    public var duration: Double?
    public var weights: Weights?
    public var seed: UInt64?
    public var from: StaggerOrigin?
    /// Stagger: the total spread in seconds.
    public var amount: Double?
    public var axis: StaggerAxis?
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

    public enum Background: Equatable {
        case transparent
        case color(Color)

        /// `nil` is transparent, as `CanvasSpec.background` has it.
        public init(_ color: Color?) { self = color.map { .color($0) } ?? .transparent }
        public var color: Color? { if case .color(let c) = self { return c } else { return nil } }
    }

    public init() {}

    /// Whether a field that changes when views start or how long they move is set.
    public var changesTiming: Bool {
        [delay, duration, amount, animationDuration, damping, velocity].contains { $0 != nil }
            || sort != nil || ease != nil || animation != nil || from != nil || axis != nil || weights != nil
            || seed != nil || reversed != nil
    }

    /// The sort parameters that are set, by field name, and the sorts each applies to (a parameter the chosen sort
    /// ignores is a mistake worth a message, not silence).
    public var sortParameters: [(field: String, sorts: Set<ChoreographySpec.Sort>, list: String)] {
        typealias S = ChoreographySpec.Sort
        let all = Set(S.allCases)
        let table: [(String, Bool, Set<S>, String)] = [
            ("corner", corner != nil, [.cornered, .inline, .snake], "cornered, inline, snake"),
            ("position", position != nil, [.radial, .continuous, .continuousWeighted], "radial, continuous, continuous-weighted"),
            ("direction", direction != nil, [.linear], "linear"),
            ("reversed", reversed != nil, all.subtracting([.default, .random]), "every sort but default and random"),
            ("delay", delay != nil, all.subtracting([.continuous, .continuousWeighted]), "every sort but continuous and continuous-weighted"),
            ("duration", duration != nil, [.continuous, .continuousWeighted], "continuous, continuous-weighted"),
            ("weights", weights != nil, [.continuousWeighted], "continuous-weighted"),
            ("seed", seed != nil, [.random], "random"),
            ("from", from != nil, [.stagger], "stagger"),
            ("amount", amount != nil, [.stagger], "stagger"),
            ("axis", axis != nil, [.stagger], "stagger"),
        ]
        return table.filter(\.1).map { ($0.0, $0.2, $0.3) }
    }

    /// The names of the fields that are set, in declaration order.
    public var setFields: [String] {
        Mirror(reflecting: self).children.compactMap { child in
            let value = Mirror(reflecting: child.value)
            return value.displayStyle == .optional && value.children.isEmpty ? nil : child.label
        }
    }

    /// The spring's fields that are set (a standard animation ignores them).
    public var springParameters: [String] {
        [("damping", damping != nil), ("velocity", velocity != nil)].filter(\.1).map(\.0)
    }
}
