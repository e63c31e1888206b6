import CCrashCleanup

/// A crash (a fault, a trap of the Swift runtime, memory the runtime could not get) stops the children registered with
/// `ChildProcesses` and removes the temporaries registered with `TemporaryFiles`, says so in one line and exits 70,
/// where it would leave a hidden temporary beside the target and ffmpeg still writing it.
public enum CrashCleanup {
    /// Installs the handler (see `CCrashCleanup`); under a sanitizer, whose own handler reports the crash, nothing.
    public static func install() {
        _ = crash_cleanup_install()
    }
}
