import Foundation

/// The signals the process was started with ignored (SIG_IGN): `nohup` starts a command with SIGHUP ignored, and a
/// shell without job control (a script's `cmd &`) with SIGINT and SIGQUIT, so that the command outlives the terminal
/// or the script. Such a signal stays ignored: `InterruptSignals` installs no handler for it, and `ChildProcess`
/// leaves it ignored for the programs it starts (ffmpeg), which inherit it. The dispositions are read once, the first
/// time they are asked for, which is before the process changes any of its own: `InterruptSignals` and
/// `ChildProcess` ask before they ignore SIGPIPE or install a handler.
public enum IgnoredSignals {
    /// Of the signals this module ignores or handles, those ignored when first asked.
    private static let ignoredAtStart: Set<Int32> = Set((InterruptSignals.handled + [SIGPIPE, SIGXFSZ]).filter(isIgnored))

    /// Reads the dispositions the process started with, unless they were read already.
    public static func record() { _ = ignoredAtStart }

    /// Whether the process was started with `sig` ignored (one of `InterruptSignals.handled`, SIGPIPE or SIGXFSZ).
    public static func atStart(_ sig: Int32) -> Bool { ignoredAtStart.contains(sig) }

    /// Whether `sig` is ignored now.
    public static func isIgnored(_ sig: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(sig, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
