/// The statuses a command ends with: sysexits.h values, and 128 + the signal that stopped it.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// EX_USAGE: unknown or conflicting flags and values.
    public static let usage: Int32 = 64
    /// EX_DATAERR: an input (a scene file, a manifest) is not valid.
    public static let dataError: Int32 = 65
    /// EX_NOINPUT: an input (a scene file, an image, a folder of frames) does not exist, cannot be read, or is not
    /// what it should be.
    public static let noInput: Int32 = 66
    /// EX_UNAVAILABLE: a program it needs (ffmpeg, one of its encoders, gifsicle) is not installed.
    public static let unavailable: Int32 = 69
    /// EX_SOFTWARE: ffmpeg failed (exit status, signal, no progress, or an output that does not read back), or a
    /// frame could not be drawn.
    public static let software: Int32 = 70
    /// EX_CANTCREAT: the output cannot be created there, or TMPDIR is no folder to make temporary files in; nothing
    /// was written.
    public static let cannotCreate: Int32 = 73
    /// EX_IOERR: reading or writing failed midway (standard output full or closed, a failed rename, a pipe).
    public static let ioError: Int32 = 74
    /// 128 + SIGINT: interrupted with Ctrl-C; nothing was written.
    public static let interrupted: Int32 = 130
    /// 128 + SIGTERM (SIGHUP 129, SIGQUIT 131: `InterruptSignals`).
    public static let terminated: Int32 = 143
}
