import Advance
import Foundation
import Geometry
import Spruce

/// A choice written by its case name in scene files, on the command line and in the preview form (`topLeft`,
/// `middle`, `leftToRight`, `x`). Each type spells its names out: `String(describing:)` would find the same ones
/// through the runtime's reflection, a cost every parse of the command line would pay (it lists them for completion).
public protocol SceneName: CaseIterable, Equatable {
    /// The case's name as written in Swift.
    var name: String { get }
}

extension SceneName {
    public static var names: [String] { allCases.map(\.name) }
    public init?(name: String) {
        guard let hit = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = hit
    }
}

/// Start corner of cornered, inline and snake.
extension Corner: SceneName {
    public var name: String {
        switch self {
        case .topLeft: "topLeft"
        case .topRight: "topRight"
        case .bottomLeft: "bottomLeft"
        case .bottomRight: "bottomRight"
        }
    }
}

/// Origin of radial, continuous and continuous-weighted.
extension Position: SceneName {
    public var name: String {
        switch self {
        case .topLeft: "topLeft"
        case .topMiddle: "topMiddle"
        case .topRight: "topRight"
        case .left: "left"
        case .middle: "middle"
        case .right: "right"
        case .bottomLeft: "bottomLeft"
        case .bottomMiddle: "bottomMiddle"
        case .bottomRight: "bottomRight"
        }
    }
}

/// Direction of linear.
extension Direction: SceneName {
    public var name: String {
        switch self {
        case .topToBottom: "topToBottom"
        case .bottomToTop: "bottomToTop"
        case .leftToRight: "leftToRight"
        case .rightToLeft: "rightToLeft"
        }
    }
}

/// The stagger sort's axis: distance measured along x or y only.
public enum StaggerAxis: SceneName, Sendable {
    case x, y

    public var name: String { self == .x ? "x" : "y" }

    var spruce: StaggerSortFunction.Axis { self == .x ? .x : .y }
}

/// Where the stagger sort's wave starts: `start`, `center`, `end`, `edges`, a view index, or `x,y` in points.
public enum StaggerOrigin: Equatable, Sendable {
    case start, center, end, edges
    case index(Int)
    case point(x: Double, y: Double)

    public static let names = ["start", "center", "end", "edges"]
    /// The names and the two numeric forms, for messages.
    public static let allowed = names + ["<index>", "<x>,<y>"]

    /// A name (any case), a view index (0 or more) or two finite numbers `x,y`; nil for anything else.
    public init?(text: String) {
        switch text.lowercased() {
        case "start": self = .start
        case "center": self = .center
        case "end": self = .end
        case "edges": self = .edges
        default:
            if let i = Int(text) {
                guard i >= 0 else { return nil }
                self = .index(i)
                return
            }
            let xy = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard xy.count == 2, xy.allSatisfy(\.isFinite) else { return nil }
            self = .point(x: xy[0], y: xy[1])
        }
    }

    public var text: String {
        switch self {
        case .start: return "start"
        case .center: return "center"
        case .end: return "end"
        case .edges: return "edges"
        case .index(let i): return "\(i)"
        case .point(let x, let y): return "\(Self.number(x)),\(Self.number(y))"
        }
    }

    /// Whole numbers without a fraction, others in full (the text reads back as the same point).
    private static func number(_ v: Double) -> String {
        Checked.wholeNumber(v, in: -999_999_999_999...999_999_999_999).map { "\($0)" } ?? "\(v)"
    }

    var spruce: StaggerSortFunction.Origin {
        switch self {
        case .start: return .start
        case .center: return .center
        case .end: return .end
        case .edges: return .edges
        case .index(let i): return .index(i)
        case .point(let x, let y): return .point(CGPoint(x: x, y: y))
        }
    }
}

/// The easing of a sort's start times: an Advance timing name (`easeIn`, `easeOutCubic`) or
/// `cubic-bezier(x1,y1,x2,y2)`, checked when it is made.
public struct SortEase: Equatable, Sendable {
    public let name: String
    let timing: TimingFunction

    public init?(name: String) {
        guard let timing = TimingFunction(name: name) else { return nil }
        (self.name, self.timing) = (name, timing)
    }

    public static func == (a: SortEase, b: SortEase) -> Bool { a.name == b.name }
}
