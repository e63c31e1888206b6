import Foundation
import SpruceRender

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child ended, in words for error messages.
extension ChildProcess {
    var succeeded: Bool { waitForExit() == 0 }

    /// How the child ended, decoded once from `waitpid`'s status (waits for it).
    enum Termination: Equatable {
        case exited(Int32), killed(signal: Int32), unknown

        /// A shell's exit status for it: the status, 128 + the signal, or 70 (EX_SOFTWARE) when it could not be waited for.
        var shellStatus: Int32 {
            switch self {
            case .exited(let status): return status
            case .killed(let signal): return 128 + signal
            case .unknown: return 70
            }
        }
    }

    func termination() -> Termination {
        let raw = waitForExit()
        if raw == -1 { return .unknown }
        return raw & 0x7f == 0 ? .exited((raw >> 8) & 0xff) : .killed(signal: raw & 0x7f)
    }

    /// "exited with status 1" / "was killed by signal 9 (Killed)".
    func exitDescription() -> String {
        switch termination() {
        case .unknown: return "could not be waited for"
        case .exited(let status): return "exited with status \(status)"
        case .killed(let signal):
            var text = "was killed by signal \(signal)"
            if let name = strsignal(signal) { text += " (\(String(cString: name)))" }
            return text
        }
    }

    /// Why the watchdog stopped the child, when it did for want of progress: "made no progress for N s`context` and
    /// was stopped by the watchdog".
    func stallDetail(_ context: String = "") -> String? {
        stalledAfter.map { "made no progress for \(String(format: "%g", $0)) s\(context) and was stopped by the watchdog" }
    }

    /// The child's failure: "`program` `detail`".
    func failure(_ detail: String) -> VideoError { .programFailed(program: program, detail: detail) }

    /// The exit description, `context`, then the last stderr lines, on one line.
    func failureDetail(_ context: String = "") -> String {
        var text = exitDescription() + context
        let lines = lastStderrLines
        if !lines.isEmpty { text += ": " + lines.joined(separator: " | ") }
        return text
    }
}
