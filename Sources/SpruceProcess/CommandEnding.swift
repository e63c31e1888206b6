import Foundation
import SpruceRender

/// How a command's process ends: a status, after text for standard output or one line on stderr. Each step of a
/// command hands back its ending, and only then does the process end: an error still held by a `catch` when the
/// process exits is memory the leak checker finds unreachable.
public enum CommandEnding {
    case status(Int32)
    case print(String)
    case failure(String, code: Int32)

    public func exit() -> Never {
        switch self {
        case .status(let code): Self.finish(code)
        case .print(let text): Self.printAndExit(text)
        case .failure(let message, let code): Self.fail(message, code: code)
        }
    }

    /// The ending a `ProcessFailure` from `body` asks for; nil when it succeeds or throws anything else.
    public static func failure(of body: () throws -> Void) -> CommandEnding? {
        do { try body(); return nil } catch let e as ProcessFailure { return .failure(e.message, code: e.code) } catch { return nil }
    }

    /// Help, the version and completion scripts go to standard output like any output.
    public static func printAndExit(_ text: String) -> Never {
        StandardStreams.print(text)
        finish(ExitStatus.success)
    }

    /// Every command ends here or in `fail`: what it printed on standard output is flushed first, and output that
    /// cannot be written (`> /dev/full`, `>&-`, a closed pipe) is exit 74 with one line, not `code` with the results
    /// lost.
    public static func finish(_ code: Int32) -> Never {
        failUnlessOutputWritten()
        Foundation.exit(code)
    }

    /// Flushes standard output and ends with its error (74, one line) when what was printed could not be written.
    static func failUnlessOutputWritten() {
        failure(of: StandardStreams.flushOutput)?.exit()
    }

    /// One line on stderr (user-given text in it escaped), then exit. A caller's messages are one line already, so a
    /// line break in them came from the user and is escaped. If a second Ctrl-C has already claimed the final line
    /// (`Interrupts`), that answer stands: its cleanup ends the process in a moment with its own line and status, so
    /// this one waits for it instead. A verdict below 64 (`test`: a scene differs) whose results could not be
    /// written on standard output becomes that I/O error (74); an error (64 and up) stands, as the one line.
    public static func fail(_ message: String, code: Int32) -> Never {
        if code < ExitStatus.usage { failUnlessOutputWritten() }
        guard FinalLine.claim() else {
            for _ in 0..<500 { usleep(10_000) }  // the signal thread's `_exit` comes first; this is a safety net
            Foundation.exit(code)
        }
        StandardStreams.writeError("\(StandardStreams.program): error: \(MessageLength.bounded(SafeText.escaped(message)))\n")
        RenderPhase.exiting()
        Foundation.exit(code)
    }
}
