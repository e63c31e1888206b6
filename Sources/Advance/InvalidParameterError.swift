/// Thrown by Advance's checked initializers when a parameter is out of range.
///
/// The plain initializers check the same rules with a precondition carrying the same message, so a
/// NaN tension stops at the call that passed it instead of freezing a render later.
public struct InvalidParameterError: Error, Equatable, CustomStringConvertible {
    /// The parameter's name as spelled in the API, e.g. "tension".
    public var parameter: String
    /// The value that was passed and refused.
    public var value: Double
    /// What the parameter must be, e.g. "finite and ≥ 0".
    public var requirement: String

    /// An error saying that `parameter` got `value` where it must be `requirement`.
    public init(parameter: String, value: Double, requirement: String) {
        (self.parameter, self.value, self.requirement) = (parameter, value, requirement)
    }

    /// The message, e.g. "tension must be finite and ≥ 0, got nan".
    public var description: String { "\(parameter) must be \(requirement), got \(value)" }
}

enum Check {
    static func nonNegative(_ value: Double, _ name: String) throws {
        guard value.isFinite, value >= 0 else {
            throw InvalidParameterError(parameter: name, value: value, requirement: "finite and ≥ 0")
        }
    }

    static func positive(_ value: Double, _ name: String) throws {
        guard value.isFinite, value > 0 else {
            throw InvalidParameterError(parameter: name, value: value, requirement: "finite and > 0")
        }
    }

    static func unit(_ value: Double, _ name: String) throws {
        guard value >= 0, value <= 1 else {
            throw InvalidParameterError(parameter: name, value: value, requirement: "within 0…1")
        }
    }

    static func finite(_ value: Double, _ name: String) throws {
        guard value.isFinite else {
            throw InvalidParameterError(parameter: name, value: value, requirement: "finite")
        }
    }

    /// Runs checks for a precondition-checked API: a failure stops with the error's message.
    static func precondition(_ checks: () throws -> Void, file: StaticString = #file, line: UInt = #line) {
        do { try checks() } catch {
            Swift.preconditionFailure("Advance: \(error)", file: file, line: line)
        }
    }
}
