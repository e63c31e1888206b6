import Foundation

/// Why Spruce refused an input. Thrown by the checked paths (`validated(...)`, `validate()`,
/// `checkedTimeOffsets(view:recursiveDepth:)`) so that bad numbers surface as one readable line
/// instead of a trap or a silently broken animation.
public enum SpruceError: Error, Equatable, CustomStringConvertible {
    /// A sort function's `interObjectDelay` is not finite and ≥ 0.
    case invalidInterObjectDelay(TimeInterval)
    /// A continuous sort function's `duration` is not finite and ≥ 0.
    case invalidDuration(TimeInterval)
    /// A custom ``Weight`` is not finite.
    case invalidWeight(Double)
    /// A recursive depth below 0.
    case negativeRecursiveDepth(Int)
    /// A stagger's seconds per cell are not finite and ≥ 0.
    case invalidStaggerEach(TimeInterval)
    /// A stagger's total seconds are not finite and ≥ 0.
    case invalidStaggerAmount(TimeInterval)
    /// A stagger grid with fewer than one row or one column.
    case invalidStaggerGrid(rows: Int, columns: Int)
    /// A stagger grid with fewer cells than there are views to place.
    case staggerGridTooSmall(rows: Int, columns: Int, views: Int)
    /// A stagger's index origin that names no view.
    case staggerIndexOutOfRange(index: Int, views: Int)
    /// A stagger's point origin that is not finite.
    case invalidStaggerOrigin(CGPoint)
    /// A sort function (often a custom one or an easing) produced a NaN, infinite or negative offset.
    case invalidTimeOffset(TimeInterval, viewIndex: Int)
    /// An animation parameter (duration, damping, velocity) that is NaN, infinite or out of range.
    case invalidParameter(String, Double)
    /// A spring whose motion the 120 Hz simulation cannot settle (a large damping ratio or a short duration):
    /// it would grow without bound. `SpringParameters.settlesOnSimulationTicks` is the rule.
    case springTooStiff(duration: TimeInterval, damping: Double)

    /// One line naming the bad parameter, what it must be and the value it got.
    public var description: String {
        switch self {
        case .invalidInterObjectDelay(let value):
            return "interObjectDelay must be a finite number ≥ 0, got \(value)"
        case .invalidDuration(let value):
            return "duration must be a finite number ≥ 0, got \(value)"
        case .invalidWeight(let value):
            return "a custom Weight must be a finite number (negative values count as 0), got \(value)"
        case .negativeRecursiveDepth(let value):
            return "recursiveDepth must be ≥ 0 (Int.max means all levels), got \(value)"
        case .invalidStaggerEach(let value):
            return "stagger each must be a finite number ≥ 0, got \(value)"
        case .invalidStaggerAmount(let value):
            return "stagger amount must be a finite number ≥ 0, got \(value)"
        case .invalidStaggerGrid(let rows, let columns):
            return "stagger grid needs rows ≥ 1 and columns ≥ 1, got \(rows)×\(columns)"
        case .staggerGridTooSmall(let rows, let columns, let views):
            return "stagger grid \(rows)×\(columns) has fewer cells than the \(views) views to stagger"
        case .staggerIndexOutOfRange(let index, let views):
            if index < 0 { return "stagger origin index must be 0 or more, got \(index)" }
            return "stagger origin index \(index) is outside 0..<\(views)"
        case .invalidStaggerOrigin(let point):
            return "stagger origin point must have finite coordinates, got \(point)"
        case .invalidParameter(let name, let value):
            return "\(name) must be a finite number in range, got \(value)"
        case .springTooStiff(let duration, let damping):
            return "a spring of damping \(damping) is too stiff at \(duration) s for the 120 Hz simulation; "
                + "its motion would grow without bound: use a longer duration"
        case .invalidTimeOffset(let value, let viewIndex):
            return "sort function produced time offset \(value) for view #\(viewIndex); offsets must be finite and ≥ 0"
        }
    }
}

/// Shared checks, so every sort function words the same problem the same way.
enum Check {
    static func interObjectDelay(_ value: TimeInterval) throws {
        guard value.isFinite, value >= 0 else { throw SpruceError.invalidInterObjectDelay(value) }
    }

    static func duration(_ value: TimeInterval) throws {
        guard value.isFinite, value >= 0 else { throw SpruceError.invalidDuration(value) }
    }

    static func weight(_ weight: Weight) throws {
        if case .custom(let value) = weight, !value.isFinite { throw SpruceError.invalidWeight(value) }
    }

    static func offsets(_ timed: [TimedView]) throws -> [TimedView] {
        for (index, item) in timed.enumerated() where !(item.timeOffset.isFinite && item.timeOffset >= 0) {
            throw SpruceError.invalidTimeOffset(item.timeOffset, viewIndex: index)
        }
        return timed
    }

    static func recursiveDepth(_ value: Int) throws {
        guard value >= 0 else { throw SpruceError.negativeRecursiveDepth(value) }
    }

    /// Non-throwing initialisers keep the original API and never trap: a bad value is reported on stderr
    /// in one line and the animation degrades (offsets that are not finite and ≥ 0 start at once).
    /// `validated(...)` and `checkedTimeOffsets` throw the same message instead.
    static func require(_ check: () throws -> Void) {
        do { try check() } catch { Diagnostics.report("\(error)") }
    }
}

/// One-line reports of bad values on the non-throwing paths, which keep running instead of trapping.
public enum Diagnostics {
    /// Where reports go; standard error by default. Tests and hosts may redirect them.
    /// Setting it starts a fresh memory for `reportOnce`.
    nonisolated(unsafe) public static var sink: (String) -> Void = standardError {
        didSet { lock.withLock { reported.removeAll() } }
    }

    static func standardError(_ message: String) {
        FileHandle.standardError.write(Data("Spruce: \(message)\n".utf8))
    }

    static func report(_ message: String) { sink(message) }

    /// Reports `message` the first time only: for values read again and again (a spring's parameters are read for
    /// every view it animates), where one line says it all.
    static func reportOnce(_ message: String) {
        if lock.withLock({ reported.insert(message).inserted }) { sink(message) }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var reported: Set<String> = []
}
