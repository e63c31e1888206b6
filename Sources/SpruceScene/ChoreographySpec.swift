import Foundation
import Geometry
import Spruce

/// The choreography as names and numbers, shared by scene files and the command line
/// (every field is a `render-gif` flag of the same name; the sort's parameters are flags of theirs).
public struct ChoreographySpec: Equatable {
    public enum AnimationType: String, CaseIterable, Sendable { case standard, spring }

    /// The sort function and its parameters.
    public var sort = SortSpec(.linear)
    /// Sort parameters the scene gives that its own sort does not take (the grid scene's `duration` beside its
    /// cornered sort): a sort chosen over the scene's (`FilmOverrides.sort`, `--sort continuous`) takes them.
    public var otherSortParameters: [SortParameter] = []
    /// Shapes the distribution of start times (any sort).
    public var ease: SortEase?

    public var animations: [AnimationSpec] = [.fadeIn, .expand(.slightly)]
    public var animationType: AnimationType = .standard
    /// Each view's own animation duration in seconds (Spruce's `duration:`).
    public var animationDuration: Double = 0.3
    public var damping: Double = 0.5
    public var velocity: Double = 0.7
    public var recursiveDepth: Int = 0
    public var exclude: [String] = []
    /// The id of the view whose subviews animate; nil animates the root's subviews.
    public var target: String?

    public init() {}
}

/// The weighted continuous sort's horizontal and vertical weights.
public struct Weights: Equatable, Sendable {
    public var horizontal: WeightSpec
    public var vertical: WeightSpec

    public init(horizontal: WeightSpec, vertical: WeightSpec) {
        (self.horizontal, self.vertical) = (horizontal, vertical)
    }
}

public enum WeightSpec: Equatable, Sendable {
    case light, medium, heavy, custom(Double)

    /// `light`, `medium`, `heavy` or a non-negative number.
    public static func parse(_ s: String) -> WeightSpec? {
        switch Suggest.normalized(s) {
        case "light": return .light
        case "medium": return .medium
        case "heavy": return .heavy
        default:
            guard let v = Checked.decimal(s), v.isFinite, v >= 0 else { return nil }
            return .custom(v)
        }
    }

    public var text: String {
        switch self {
        case .light: return "light"
        case .medium: return "medium"
        case .heavy: return "heavy"
        case .custom(let v): return "\(v)"
        }
    }
}

/// One stock animation, written `fade-in`, `slide:up:moderately`, `spin:severely`, `expand:0.8`,
/// `contract:slightly`, `spin:90deg` (numbers are points, scales or radians; `deg` marks degrees).
public enum AnimationSpec: Equatable, Sendable {
    public enum Amount: Equatable, Sendable { case slightly, moderately, severely, value(Double) }

    case fadeIn
    case slide(String, Amount)
    case spin(Amount)
    case expand(Amount)
    case contract(Amount)

    public static let names = ["fade-in", "slide", "spin", "expand", "contract"]
    public static let slideDirections = ["up", "down", "left", "right"]

    /// Parses one animation; the error message names the allowed values.
    public static func parse(_ text: String) throws -> AnimationSpec {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard let head = parts.first, !head.isEmpty else { throw SceneError("", "empty animation name") }
        let name = Suggest.normalized(head)
        func amount(_ i: Int, degrees: Bool = false) throws -> Amount {
            guard i < parts.count else { return .moderately }
            let s = parts[i]
            switch Suggest.normalized(s) {
            case "slightly": return .slightly
            case "moderately": return .moderately
            case "severely": return .severely
            default:
                var num = s
                var factor = 1.0
                if degrees, num.hasSuffix("deg") { num.removeLast(3); factor = .pi / 180 }
                guard let v = Double(num), v.isFinite else {
                    throw SceneError("", "\"\(s)\" in \"\(text)\" is not slightly, moderately, severely or a number")
                }
                return .value(v * factor)
            }
        }
        func arity(_ n: Int) throws {
            guard parts.count <= n else { throw SceneError("", "too many parts in \"\(text)\"") }
        }
        switch name {
        case "fadein":
            try arity(1)
            return .fadeIn
        case "slide":
            try arity(3)
            let dir = parts.count > 1 ? parts[1] : "up"
            guard let d = slideDirections.first(where: { $0 == dir.lowercased() }) else {
                throw SceneError("", Suggest.unknown("slide direction", dir, allowed: slideDirections))
            }
            return .slide(d, try amount(2))
        case "spin":
            try arity(2)
            return .spin(try amount(1, degrees: true))
        case "expand":
            try arity(2)
            let a = try amount(1)
            if case .value(let v) = a, v <= 0 { throw SceneError("", "expand scale must be positive, got \(Checked.text(v))") }
            return .expand(a)
        case "contract":
            try arity(2)
            let a = try amount(1)
            if case .value(let v) = a, v <= 0 { throw SceneError("", "contract scale must be positive, got \(Checked.text(v))") }
            return .contract(a)
        default:
            throw SceneError("", Suggest.unknown("animation", head, allowed: names))
        }
    }

    /// A comma-separated list, as `--animations` takes it.
    public static func parseList(_ text: String) throws -> [AnimationSpec] {
        let items = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty else { throw SceneError("", "no animations given") }
        return try items.map(parse)
    }

    public var text: String {
        func a(_ x: Amount) -> String {
            switch x {
            case .slightly: return "slightly"
            case .moderately: return "moderately"
            case .severely: return "severely"
            case .value(let v): return "\(v)"
            }
        }
        switch self {
        case .fadeIn: return "fade-in"
        case .slide(let d, let x): return "slide:\(d):\(a(x))"
        case .spin(let x): return "spin:\(a(x))"
        case .expand(let x): return "expand:\(a(x))"
        case .contract(let x): return "contract:\(a(x))"
        }
    }
}
