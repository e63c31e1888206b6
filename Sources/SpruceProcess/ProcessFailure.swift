/// A failure a command reports on one line and turns into its exit status (`ExitStatus`): the process's own
/// failures (standard output that cannot be written, a signal, too few descriptors to start) and, in a command
/// line program, every error worded for its user.
public struct ProcessFailure: Error, CustomStringConvertible {
    public let message: String
    public let code: Int32

    public init(message: String, code: Int32) { (self.message, self.code) = (message, code) }

    public var description: String { message }
}
