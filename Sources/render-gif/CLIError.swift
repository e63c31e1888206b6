import Foundation
import SpruceProcess
import SpruceRender

/// A failure the command reports on one line and turns into its exit status (sysexits.h values, listed in the
/// help's EXIT STATUS section).
typealias CLIError = ProcessFailure

extension ProcessFailure {
    /// A bad or conflicting flag value (EX_USAGE).
    static func usage(_ message: String) -> CLIError { CLIError(message: message, code: ExitStatus.usage) }
}

extension ExitStatus {
    /// The status of an output that failed after the work, while it was written: a frame that could not be drawn
    /// is 70, a write that failed (a full disk) 74. Refusals before any work are 73 (`OutputPlan`).
    static func ofFailedOutput(_ error: Error) -> Int32 {
        guard let e = error as? RenderError, !e.isWriteFailure else { return ioError }
        return software
    }
    /// A refusal before any work: an input that cannot be read is 66, an output that cannot be created 73, an
    /// output named `-` 64.
    static func of(_ error: OutputPlanError) -> Int32 {
        switch error.kind {
        case .cannotCreate: return cannotCreate
        case .missingInput: return noInput
        case .usage: return usage
        }
    }

    /// The help's EXIT STATUS section.
    static let help = """
        EXIT STATUS (docs/Errors.md lists every message)
          0    success
          1    `test`: a scene differs from its goldens; `compare`: A and B differ;
               `batch`: an item failed (the others still ran)
          64   unknown, malformed, out-of-range or conflicting flags (EX_USAGE)
          65   invalid scene file; the message names the place (EX_DATAERR)
          66   the scene file, an image or the stitch folder cannot be read, or is
               a folder, FIFO or device; no .png frames to stitch (EX_NOINPUT)
          69   ffmpeg or one of its encoders is missing (EX_UNAVAILABLE)
          70   ffmpeg failed, stalled or wrote an output that does not read back;
               a frame could not be drawn; a limit (ulimit) refused a thread,
               a process or memory (EX_SOFTWARE)
          73   an output cannot be created there: missing or read-only folder, a
               folder or special file in the way, an input, two outputs on one
               path; a TMPDIR that is no usable folder (EX_CANTCREAT); checked
               before any work
          74   I/O error: standard output full or closed (also instead of 1), a
               failed rename, a file past the file size limit (EX_IOERR)
          130  interrupted by Ctrl-C (143: SIGTERM, 129: SIGHUP, 131: SIGQUIT);
               nothing is left behind
        Errors are one line on stderr: render-gif: error: <message>
        """
}

extension CLIError {
    /// Runs an option group's `validate()`: argument-parser's way to the one error line joins line breaks, so the
    /// user's text in the message is escaped here first, as `CommandEnding.fail` escapes every other message.
    static func validating(_ body: () throws -> Void) throws {
        do { try body() } catch let e as CLIError { throw CLIError(message: SafeText.escaped(e.message), code: e.code) }
    }
}
