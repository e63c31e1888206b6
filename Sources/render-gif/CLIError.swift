import Foundation

/// A failure the command reports on one line and turns into its exit status (sysexits.h values,
/// listed in the help's EXIT STATUS section).
struct CLIError: Error, CustomStringConvertible {
    let message: String
    let code: Int32

    var description: String { message }

    /// A bad or conflicting flag value (EX_USAGE).
    static func usage(_ message: String) -> CLIError { CLIError(message: message, code: ExitStatus.usage) }
}

enum ExitStatus {
    static let success: Int32 = 0
    /// ffmpeg died or failed, a frame could not be drawn, another I/O error.
    static let failure: Int32 = 1
    /// EX_USAGE: unknown or conflicting flags and values.
    static let usage: Int32 = 64
    /// EX_DATAERR: the scene file is not valid.
    static let dataError: Int32 = 65
    /// EX_NOINPUT: the scene file or frames folder does not exist or cannot be read.
    static let noInput: Int32 = 66
    /// EX_UNAVAILABLE: ffmpeg (or one of its encoders) is not installed.
    static let unavailable: Int32 = 69
    /// EX_CANTCREAT: the output cannot be written there.
    static let cannotCreate: Int32 = 73
    /// 128 + SIGINT: interrupted with Ctrl-C; nothing was written.
    static let interrupted: Int32 = 130
    /// 128 + SIGTERM.
    static let terminated: Int32 = 143

    static let help = """
        EXIT STATUS
          0    success
          1    the render failed (ffmpeg died, a frame failed, an I/O error)
          64   unknown, malformed or conflicting flags or values (EX_USAGE)
          65   invalid scene file; the message names the place (EX_DATAERR)
          66   the scene file or frames folder cannot be read (EX_NOINPUT)
          69   ffmpeg or one of its encoders is missing (EX_UNAVAILABLE)
          73   the output cannot be written there (EX_CANTCREAT)
          130  interrupted by Ctrl-C (143: SIGTERM); nothing is left behind
        Errors are one line on stderr: render-gif: error: <message>
        """
}
