import Foundation
import Spruce

/// One parameter of a sort function as scene files, `render-gif` flags and the preview form name it: `corner`,
/// `delay` (Spruce's interObjectDelay, stagger's `each`), `duration` (the continuous sorts' spread), `amount`
/// (stagger's spread)…
public enum SortParameter: Equatable, Sendable {
    case corner(Corner)
    case position(Position)
    case direction(Direction)
    case reversed(Bool)
    case delay(Double)
    case duration(Double)
    case weights(Weights)
    case seed(UInt64)
    case from(StaggerOrigin)
    case amount(Double)
    case axis(StaggerAxis)

    /// The key and flag names, in the order messages list them.
    public enum Name: String, CaseIterable, Sendable {
        case corner, position, direction, reversed, delay, duration, weights, seed, from, amount, axis
    }

    public var name: Name {
        switch self {
        case .corner: return .corner
        case .position: return .position
        case .direction: return .direction
        case .reversed: return .reversed
        case .delay: return .delay
        case .duration: return .duration
        case .weights: return .weights
        case .seed: return .seed
        case .from: return .from
        case .amount: return .amount
        case .axis: return .axis
        }
    }

    /// The sorts that take this parameter, in words: `cornered, inline, snake`, or `every sort but default and
    /// random` when all but two take it.
    public var sortsTakingIt: String {
        let takers = SortSpec.Name.allCases.filter { SortSpec.sort($0, takes: self) }
        let others = SortSpec.Name.allCases.filter { !takers.contains($0) }
        if others.count == 2 { return "every sort but \(others[0].rawValue) and \(others[1].rawValue)" }
        return takers.map(\.rawValue).joined(separator: ", ")
    }
}
