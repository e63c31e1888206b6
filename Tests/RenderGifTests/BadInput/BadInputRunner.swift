import Foundation
import XCTest

/// Runs `BadInputCase`s against the real render-gif binary and collects every broken promise.
enum BadInputRunner {
    /// A run that has not ended after this long is killed and reported as a hang (a bound, not a timing check).
    static let hangLimit: Double = 180

    /// Runs every case; one XCTFail per failing case, naming it and everything that went wrong.
    static func run(_ cases: [BadInputCase], file: StaticString = #filePath, line: UInt = #line) {
        var names = Set<String>()
        let nullMode = mode(of: "/dev/null")
        defer {
            // A sandbox's clean-up must not reach outside it (a case links to /dev/null; chmod follows links).
            XCTAssertEqual(mode(of: "/dev/null"), nullMode, "the cases changed /dev/null's mode", file: file, line: line)
        }
        for c in cases {
            XCTAssertTrue(names.insert(c.name).inserted, "two cases are named \(c.name)", file: file, line: line)
            let problems: [String]
            do { problems = try check(c) } catch { problems = ["could not run: \(error)"] }
            if !problems.isEmpty {
                XCTFail("[\(c.name)] " + problems.joined(separator: "; "), file: file, line: line)
            }
        }
    }

    /// A file's type and permission bits, as `lstat` gives them (nil when it does not exist).
    static func mode(of path: String) -> mode_t? {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode : nil
    }

    struct Outcome {
        var status: Int32
        var signalled: Int32?
        var stdout: String
        var stderr: String
    }

    /// The problems with one case; empty when it behaved.
    static func check(_ c: BadInputCase) throws -> [String] {
        let box = try BadInputSandbox()
        try c.setup(box)
        let before = box.snapshot()
        let outcome = try execute(c, in: box)
        var problems: [String] = []

        if let sig = outcome.signalled { problems.append("killed by signal \(sig) (a crash)") }
        if outcome.status != c.status { problems.append("exit \(outcome.status), expected \(c.status)") }
        if c.stdio == .captured || c.stdio == .stdoutFull {
            let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            if c.status == 0 || c.isQuietVerdict {
                if !outcome.stderr.isEmpty { problems.append("stderr not empty: \(outcome.stderr.debugDescription)") }
            } else if lines.count != 2 || lines[1] != "" {
                problems.append("not one line on stderr: \(outcome.stderr.debugDescription)")
            } else if !lines[0].hasPrefix("render-gif: error: ") {
                problems.append("no 'render-gif: error: ' prefix: \(outcome.stderr.debugDescription)")
            } else {
                let text = String(lines[0].dropFirst("render-gif: error: ".count))
                if text.range(of: box.expand(c.message), options: .regularExpression) == nil {
                    problems.append("message \(text.debugDescription) does not match /\(box.expand(c.message))/")
                }
                if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) {
                    problems.append("message has raw control characters: \(text.debugDescription)")
                }
            }
        }

        let after = box.snapshot()
        let allowed = Set(c.mayWrite)
        func isAllowed(_ path: String) -> Bool {
            allowed.contains(where: { path == $0 || path.hasPrefix($0 + "/") })
        }
        for (path, state) in before where !isAllowed(path) {
            guard let now = after[path] else { problems.append("LOST \(path)"); continue }
            if now != state { problems.append("CHANGED \(path)") }
        }
        for path in after.keys.sorted() where before[path] == nil && !isAllowed(path) {
            problems.append("left behind \(path)")
        }
        let tmpLeft = (try? FileManager.default.contentsOfDirectory(atPath: box.tmp.path)) ?? []
        if !tmpLeft.isEmpty { problems.append("left in TMPDIR: \(tmpLeft.sorted())") }
        let orphans = processes(mentioning: box.root.path)
        if !orphans.isEmpty {
            problems.append("processes left running: \(orphans)")
            for pid in orphans { kill(pid, SIGKILL) }
        }
        if let verify = c.verify, let problem = try verify(box) { problems.append(problem) }
        return problems
    }

    /// Spawns the binary with the case's streams, environment and signals, and reaps it.
    static func execute(_ c: BadInputCase, in box: BadInputSandbox) throws -> Outcome {
        let outPath = box.root.appendingPathComponent("stdout").path
        let errPath = box.root.appendingPathComponent("stderr").path
        let phaseLog = box.root.appendingPathComponent("phases").path

        var env = ProcessInfo.processInfo.environment
        env["SPRUCE_SCENES"] = CLI.packageRoot.appendingPathComponent("fixtures/scenes").path
        env["TMPDIR"] = box.tmp.path
        env["SPRUCE_PHASE_LOG"] = phaseLog
        if let s = c.signal, s.pauseInPhase { env["SPRUCE_PAUSE_IN_PHASE"] = s.phase }
        for (k, v) in c.environment { env[k] = box.expand(v) }
        for k in c.unset { env[k] = nil }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if c.stdio == .stdoutFull {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/full", O_WRONLY, 0)
        } else if c.stdio == .stdoutClosed {
            posix_spawn_file_actions_addclose(&actions, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        switch c.stdio {
        case .stderrClosed: posix_spawn_file_actions_addclose(&actions, 2)
        case .stderrFull: posix_spawn_file_actions_addopen(&actions, 2, "/dev/full", O_WRONLY, 0)
        case .captured, .stdoutFull, .stdoutClosed:
            posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }

        // The shell only changes into the sandbox, sets the case's limits (bash's `ulimit`, which has -u and counts
        // -f in KiB), umask and ignored signals, and execs render-gif (same pid; `setpriv` execs too, as nobody); Swift's Glibc lacks
        // addchdir_np.
        let executable = CLI.binary.path
        // Descriptors this test process holds without close-on-exec are closed first, so that `ulimit -n` counts
        // render-gif's own.
        let limits = c.limits.isEmpty ? "" : #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; "#
            + c.limits.map { "ulimit \($0) && " }.joined()
        let umask = c.umask.map { "umask \($0) && " } ?? ""
        let ignore = c.ignoredAtStart.isEmpty ? "" : "trap '' \(c.ignoredAtStart.joined(separator: " ")) && "
        if c.unprivileged { try box.handOver(to: nobody) }
        let user = c.unprivileged ? "setpriv --reuid=\(nobody) --regid=\(nobody) --clear-groups -- " : ""
        let shell = c.limits.isEmpty ? "/bin/sh" : "/bin/bash"
        let command = [shell, "-c", #"cd "$0" && "# + limits + umask + ignore + #"exec "# + user + #""$@""#, box.url.path, executable]
            + c.arguments.map(box.expand)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, shell, &actions, nil, argv, envp)
        guard rc == 0 else { throw BadInputError("cannot start \(executable): \(String(cString: strerror(rc)))") }

        var raw: Int32 = 0
        var reaped = false
        func poll() -> Bool {
            if reaped { return true }
            if waitpid(pid, &raw, WNOHANG) == pid { reaped = true }
            return reaped
        }
        let start = Date()
        let hangLimit = min(c.hangLimit ?? hangLimit, hangLimit)
        func waitFor(_ condition: () -> Bool) {
            while !condition(), !poll(), Date().timeIntervalSince(start) < hangLimit { usleep(10_000) }
        }
        var hung = false
        if let s = c.signal {
            waitFor { phases(phaseLog).contains(s.phase) }
            if s.waitForTemporary {
                waitFor { ((try? FileManager.default.contentsOfDirectory(atPath: box.url.path)) ?? []).contains { $0.hasPrefix(".") } }
            }
            if let file = s.waitForFile.map(box.expand) { waitFor { FileManager.default.fileExists(atPath: file) } }
            if !reaped { kill(pid, s.signal) }
            if s.again {
                if let phase = s.againInPhase { waitFor { phases(phaseLog).contains(phase) } } else { usleep(100_000) }
                if !poll() { kill(pid, s.secondSignal) }
            }
        }
        waitFor { false }
        if !reaped {
            hung = true
            kill(pid, SIGKILL)
            while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        }
        let sig = raw & 0x7f
        var outcome = Outcome(status: sig == 0 ? (raw >> 8) & 0xff : -1, signalled: sig == 0 ? nil : sig,
                              stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                              stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        if hung { outcome.stderr = "HUNG for \(hangLimit) s; " + outcome.stderr }
        return outcome
    }

    /// The uid and gid of `nobody` (65534 on Debian and most systems).
    static let nobody: UInt32 = 65534

    /// Why cases run as `nobody` cannot run here, or nil: they need root (to hand the sandbox over and drop to the
    /// user), `setpriv`, and a built binary that user may run.
    static var cannotRunUnprivileged: String? {
        guard getuid() == 0 else { return "needs root to run render-gif as nobody" }
        guard access("/usr/bin/setpriv", X_OK) == 0 else { return "needs setpriv (util-linux) to run render-gif as nobody" }
        guard getpwuid(nobody) != nil else { return "there is no user \(nobody) (nobody)" }
        func asNobody(_ command: [String]) -> Bool {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            probe.arguments = ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--"] + command
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }
        guard asNobody([CLI.binary.path, "--version"]) else { return "nobody cannot run \(CLI.binary.path) (a folder on its path is private?)" }
        // ffmpeg's stdout is /dev/null; a machine where nobody may not write there fails every render before the limit.
        guard asNobody(["/bin/sh", "-c", ": > /dev/null"]) else { return "nobody cannot write /dev/null on this machine" }
        return nil
    }

    static func phases(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Live processes (other than this one) whose command line mentions `text`.
    static func processes(mentioning text: String) -> [pid_t] {
        let me = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = pid_t(name), pid != me,
                  let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"), !data.isEmpty else { return nil }
            // A zombie has an empty cmdline; it is its parent's to reap, and the parent (render-gif) is gone.
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? pid : nil
        }
    }
}

struct BadInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
