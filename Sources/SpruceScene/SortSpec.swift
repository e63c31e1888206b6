import Foundation
import Geometry
import Spruce

/// The sort function a choreography plays, each case with exactly the parameters its Spruce sort function takes:
/// `.cornered(corner:delay:reversed:)` is `CorneredSortFunction`, `.continuous(position:duration:reversed:)` is
/// `ContinuousSortFunction`. Scene files, the command line and the preview form write the sort's name and its
/// parameters as separate keys and flags; `SortParameter` is one of those, `setting(_:)` says whether a sort takes it.
/// The easing of the start times applies to every sort and is the choreography's own (`ChoreographySpec.ease`).
public enum SortSpec: Equatable {
    case `default`(delay: Double)
    case linear(direction: Direction, delay: Double, reversed: Bool)
    case cornered(corner: Corner, delay: Double, reversed: Bool)
    case radial(position: Position, delay: Double, reversed: Bool)
    case random(delay: Double, seed: UInt64)
    case inline(corner: Corner, delay: Double, reversed: Bool)
    case continuous(position: Position, duration: Double, reversed: Bool)
    case continuousWeighted(position: Position, duration: Double, weights: Weights, reversed: Bool)
    case snake(corner: Corner, delay: Double, reversed: Bool)
    /// GSAP-style: `each` seconds a step, or `amount` seconds in all.
    case stagger(timing: StaggerTiming, from: StaggerOrigin, axis: StaggerAxis?, reversed: Bool)

    /// The sorts by the names scene files and `--sort` write.
    public enum Name: String, CaseIterable, Sendable {
        case `default`, linear, cornered, radial, random, inline, continuous
        case continuousWeighted = "continuous-weighted"
        case snake, stagger
    }

    /// The stagger sort's spread: seconds between one step and the next, or seconds from the first to the last.
    public enum StaggerTiming: Equatable {
        case each(Double)
        case amount(Double)
    }

    public var name: Name {
        switch self {
        case .default: return .default
        case .linear: return .linear
        case .cornered: return .cornered
        case .radial: return .radial
        case .random: return .random
        case .inline: return .inline
        case .continuous: return .continuous
        case .continuousWeighted: return .continuousWeighted
        case .snake: return .snake
        case .stagger: return .stagger
        }
    }

    /// The sort `name` with the parameters Spruce's example app starts with (`defaultParameters`).
    public init(_ name: Name) {
        self.init(name, keeping: Self.defaultParameters)
    }

    /// The sort `name` with every parameter of `given` that it takes (a later one wins), the rest as `init(_:)` has
    /// them: a change of sort keeps the corner, the delay, the direction of play.
    public init(_ name: Name, keeping given: [SortParameter]) {
        var sort = Self.bare(name)
        for p in Self.defaultParameters + given { sort = sort.setting(p) ?? sort }
        self = sort
    }

    /// Every parameter's starting value: corner top left, position middle, top to bottom, 0.05 s a step, 0.3 s in all
    /// for the continuous sorts, medium weights, seed 0, staggered from the start.
    public static let defaultParameters: [SortParameter] = [
        .corner(.topLeft), .position(.middle), .direction(.topToBottom), .reversed(false), .delay(0.05),
        .duration(0.3), .weights(Weights(horizontal: .medium, vertical: .medium)), .seed(0), .from(.start),
    ]

    /// The case of `name`, before `defaultParameters` set its values.
    private static func bare(_ name: Name) -> SortSpec {
        switch name {
        case .default: return .default(delay: 0)
        case .linear: return .linear(direction: .topToBottom, delay: 0, reversed: false)
        case .cornered: return .cornered(corner: .topLeft, delay: 0, reversed: false)
        case .radial: return .radial(position: .middle, delay: 0, reversed: false)
        case .random: return .random(delay: 0, seed: 0)
        case .inline: return .inline(corner: .topLeft, delay: 0, reversed: false)
        case .continuous: return .continuous(position: .middle, duration: 0, reversed: false)
        case .continuousWeighted:
            return .continuousWeighted(position: .middle, duration: 0, weights: Weights(horizontal: .medium, vertical: .medium),
                                       reversed: false)
        case .snake: return .snake(corner: .topLeft, delay: 0, reversed: false)
        case .stagger: return .stagger(timing: .each(0), from: .start, axis: nil, reversed: false)
        }
    }

    /// This sort's parameters, in the order a reviewer reads them (`ReviewTitle`): what it starts from, its timing,
    /// then `reversed`. A stagger's timing is `delay` (each) or `amount`; its axis only when it has one.
    public var parameters: [SortParameter] {
        switch self {
        case .default(let delay): return [.delay(delay)]
        case .linear(let direction, let delay, let reversed): return [.direction(direction), .delay(delay), .reversed(reversed)]
        case .cornered(let corner, let delay, let reversed), .inline(let corner, let delay, let reversed),
             .snake(let corner, let delay, let reversed):
            return [.corner(corner), .delay(delay), .reversed(reversed)]
        case .radial(let position, let delay, let reversed): return [.position(position), .delay(delay), .reversed(reversed)]
        case .random(let delay, let seed): return [.delay(delay), .seed(seed)]
        case .continuous(let position, let duration, let reversed):
            return [.position(position), .duration(duration), .reversed(reversed)]
        case .continuousWeighted(let position, let duration, let weights, let reversed):
            return [.position(position), .duration(duration), .weights(weights), .reversed(reversed)]
        case .stagger(let timing, let from, let axis, let reversed):
            var p: [SortParameter] = [.from(from)]
            switch timing {
            case .each(let each): p.append(.delay(each))
            case .amount(let amount): p.append(.amount(amount))
            }
            if let axis { p.append(.axis(axis)) }
            return p + [.reversed(reversed)]
        }
    }

    /// This sort with `p` in place, or nil when the sort has no such parameter (`--corner` with `--sort radial`). A
    /// stagger takes `delay` as its step unless it has an `amount`, which wins.
    public func setting(_ p: SortParameter) -> SortSpec? {
        switch self {
        case .default(var delay):
            guard Self.set(p, delay: &delay) else { return nil }
            return .default(delay: delay)
        case .linear(var direction, var delay, var reversed):
            if case .direction(let d) = p { direction = d } else if !Self.set(p, delay: &delay, reversed: &reversed) { return nil }
            return .linear(direction: direction, delay: delay, reversed: reversed)
        case .cornered(var corner, var delay, var reversed):
            guard Self.set(p, corner: &corner, delay: &delay, reversed: &reversed) else { return nil }
            return .cornered(corner: corner, delay: delay, reversed: reversed)
        case .inline(var corner, var delay, var reversed):
            guard Self.set(p, corner: &corner, delay: &delay, reversed: &reversed) else { return nil }
            return .inline(corner: corner, delay: delay, reversed: reversed)
        case .snake(var corner, var delay, var reversed):
            guard Self.set(p, corner: &corner, delay: &delay, reversed: &reversed) else { return nil }
            return .snake(corner: corner, delay: delay, reversed: reversed)
        case .radial(var position, var delay, var reversed):
            if case .position(let x) = p { position = x } else if !Self.set(p, delay: &delay, reversed: &reversed) { return nil }
            return .radial(position: position, delay: delay, reversed: reversed)
        case .random(var delay, var seed):
            if case .seed(let s) = p { seed = s } else if !Self.set(p, delay: &delay) { return nil }
            return .random(delay: delay, seed: seed)
        case .continuous(var position, var duration, var reversed):
            switch p {
            case .position(let x): position = x
            case .duration(let x): duration = x
            case .reversed(let x): reversed = x
            default: return nil
            }
            return .continuous(position: position, duration: duration, reversed: reversed)
        case .continuousWeighted(var position, var duration, var weights, var reversed):
            switch p {
            case .position(let x): position = x
            case .duration(let x): duration = x
            case .weights(let x): weights = x
            case .reversed(let x): reversed = x
            default: return nil
            }
            return .continuousWeighted(position: position, duration: duration, weights: weights, reversed: reversed)
        case .stagger(var timing, var from, var axis, var reversed):
            switch p {
            case .delay(let x): if case .each = timing { timing = .each(x) }
            case .amount(let x): timing = .amount(x)
            case .from(let x): from = x
            case .axis(let x): axis = x
            case .reversed(let x): reversed = x
            default: return nil
            }
            return .stagger(timing: timing, from: from, axis: axis, reversed: reversed)
        }
    }

    /// Whether the sort `name` takes parameters of `p`'s kind.
    public static func sort(_ name: Name, takes p: SortParameter) -> Bool {
        SortSpec(name).setting(p) != nil
    }

    private static func set(_ p: SortParameter, delay: inout Double) -> Bool {
        guard case .delay(let x) = p else { return false }
        delay = x
        return true
    }

    private static func set(_ p: SortParameter, delay: inout Double, reversed: inout Bool) -> Bool {
        switch p {
        case .delay(let x): delay = x
        case .reversed(let x): reversed = x
        default: return false
        }
        return true
    }

    private static func set(_ p: SortParameter, corner: inout Corner, delay: inout Double, reversed: inout Bool) -> Bool {
        if case .corner(let x) = p { corner = x; return true }
        return set(p, delay: &delay, reversed: &reversed)
    }
}
