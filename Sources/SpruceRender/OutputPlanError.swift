/// Why an `OutputPlan` refused to start: one line naming the output or input, and which kind of problem it is.
public struct OutputPlanError: Error, CustomStringConvertible {
    public enum Kind: Sendable {
        /// An output cannot be created where asked (a missing or read-only folder, something in the way, an input,
        /// two outputs on one path).
        case cannotCreate
        /// An input is missing, or is a folder, FIFO or device where a file is read.
        case missingInput
        /// An output named as no file is: a bare `-`, which other tools take for standard output.
        case usage
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) { (self.kind, self.message) = (kind, message) }

    public var description: String { message }
}
