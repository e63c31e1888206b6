import Foundation

/// Runs a tool to completion and returns its standard output. It spawns with posix_spawn and reaps exactly its own
/// child before returning: no background reaper (as Foundation's `Process` keeps) competes with tests that look
/// for zombies with `waitpid(-1)`. Output and errors go to files, so no pipe can fill up and block.
enum ToolRun {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func capture(_ executable: String, _ arguments: [String]) throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
        let out = scratch.path + ".out", err = scratch.path + ".err"
        defer { unlink(out); unlink(err) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        let command = ([executable] + arguments).joined(separator: " ")
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}

        let signal = status & 0x7f, code = (status >> 8) & 0xff
        guard signal == 0, code == 0 else {
            let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            let last = stderr.split(separator: "\n").last.map { ": \($0)" } ?? ""
            let ending = signal == 0 ? "exited with status \(code)" : "was killed by signal \(signal)"
            throw Failure(description: "\(command) \(ending)\(last)")
        }
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }
}
