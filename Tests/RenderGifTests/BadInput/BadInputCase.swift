import Foundation

/// One row of the bad-input table: what the user typed, the files that were there, and what render-gif must
/// answer. `BadInputRunner` runs it against the real binary in a fresh sandbox full of canary files and checks
/// that the canaries (sibling files, earlier outputs, every input) are byte-identical afterwards and that no
/// temporary file, palette folder or ffmpeg process is left behind.
///
/// In `arguments` and `environment` values, `$S` stands for the sandbox folder (the working directory of the run)
/// and `$F` for the folder of fake tools (`BadInputSandbox.fakeTools`).
struct BadInputCase {
    enum Stdio {
        /// stdout and stderr go to files the runner reads.
        case captured
        /// stderr is closed before render-gif starts (fd 2 not open).
        case stderrClosed
        /// stderr is /dev/full: every write fails with ENOSPC.
        case stderrFull
        /// stdout is /dev/full (stderr captured).
        case stdoutFull
        /// stdout is closed before render-gif starts (stderr captured).
        case stdoutClosed
    }

    /// A signal sent to the running binary once it reported entering `phase` (see `RenderPhase` in SpruceProcess;
    /// the runner sets SPRUCE_PHASE_LOG). `pauseInPhase` makes render-gif wait there for the signal, so that the
    /// signal lands inside that phase and not after it. `again` sends a second signal once `againWhen` holds.
    struct Signal {
        var signal: Int32
        var phase: String
        var pauseInPhase = true
        /// Also wait until a temporary (a hidden entry) appeared in the sandbox before signalling.
        var waitForTemporary = false
        /// Also wait until this file exists (`$F/started`: a fake ffmpeg is running) before signalling.
        var waitForFile: String?
        /// Send the same signal a second time, 0.1 s after the first (while the first is being handled), or once
        /// render-gif reported entering `againInPhase`; `secondSignal` when that one differs.
        var again = false
        var againInPhase: String?
        var secondSignal: Int32

        init(_ signal: Int32, in phase: String, pause: Bool = true, waitForTemporary: Bool = false, waitForFile: String? = nil,
             again: Bool = false, againInPhase: String? = nil, secondSignal: Int32? = nil) {
            self.signal = signal
            self.phase = phase
            self.pauseInPhase = pause
            self.waitForTemporary = waitForTemporary
            self.waitForFile = waitForFile
            self.again = again || againInPhase != nil
            self.againInPhase = againInPhase
            self.secondSignal = secondSignal ?? signal
        }
    }

    var name: String
    var arguments: [String]
    var setup: (BadInputSandbox) throws -> Void = { _ in }
    var environment: [String: String] = [:]
    /// Variables taken out of the environment render-gif starts with (`PATH`: as `env -i` starts it, with none).
    var unset: [String] = []
    /// Expected exit status.
    var status: Int32
    /// A regular expression the message after `render-gif: error: ` must contain a match of (case-sensitive).
    /// Ignored for status 0; empty with status 1, a verdict that has no error line (`compare`: the films differ; a
    /// batch whose items failed): stderr must be empty.
    var message: String
    var isQuietVerdict: Bool { status == 1 && message.isEmpty }
    var stdio: Stdio = .captured
    var signal: Signal?
    /// Sandbox-relative paths the run may create or change (cases that succeed). Everything else must be
    /// byte-identical and nothing else may appear.
    var mayWrite: [String] = []
    /// Extra check after the run (e.g. that an output's frames were replaced), given the sandbox.
    var verify: ((BadInputSandbox) throws -> String?)? = nil
    /// Limits the shell sets before it execs render-gif, as `ulimit` takes them (`"-v 400000"`, `"-f 8"`).
    var limits: [String] = []
    /// Runs render-gif as the unprivileged user `nobody` (the sandbox is handed to it), e.g. so that a process limit
    /// counts. Needs root and `setpriv` (`BadInputRunner.canRunUnprivileged`).
    var unprivileged = false
    /// The umask the shell sets before it execs render-gif, as `umask` takes it (`"077"`); nil keeps the test's.
    var umask: String?
    /// Seconds after which a run that has not ended is killed and reported as a hang, when shorter than the runner's.
    var hangLimit: Double?
    /// Signals the shell ignores (`trap '' NAME`) before it execs render-gif, as `nohup` ignores HUP.
    var ignoredAtStart: [String] = []

    init(_ name: String, _ arguments: [String], status: Int32, message: String,
         setup: @escaping (BadInputSandbox) throws -> Void = { _ in }, environment: [String: String] = [:],
         stdio: Stdio = .captured, signal: Signal? = nil, mayWrite: [String] = [],
         verify: ((BadInputSandbox) throws -> String?)? = nil) {
        self.name = name
        self.arguments = arguments
        self.status = status
        self.message = message
        self.setup = setup
        self.environment = environment
        self.stdio = stdio
        self.signal = signal
        self.mayWrite = mayWrite
        self.verify = verify
    }
}

/// Small, fast render settings for cases that must get past flag checks: the 464-point grid at a tenth of a
/// point per pixel, quiet.
let fast = ["--scale", "0.125", "-q"]
