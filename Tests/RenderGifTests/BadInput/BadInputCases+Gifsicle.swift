import Foundation

/// A gifsicle (`--optimize`) that fails: a fake one first on PATH. The message names gifsicle, not ffmpeg, with the
/// 70 of any program that fails, and the earlier output stays byte-identical.
extension BadInputCases {
    static let gifsicleFaults: [BadInputCase] = {
        let gif = ["--scene", "$S/scene.json", "--out", "$S/previous.gif", "--optimize", "-q"]
        let path = ["PATH": "$F:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")]
        /// `$F/gifsicle` holding `text`, executable.
        func gifsicleFile(_ text: String) -> (BadInputSandbox) throws -> Void {
            { box in
                let file = box.fakeTools.appendingPathComponent("gifsicle").path
                try text.write(toFile: file, atomically: true, encoding: .utf8)
                chmod(file, 0o755)
            }
        }
        func gifsicleScript(_ body: String) -> (BadInputSandbox) throws -> Void {
            { box in try box.fakeTool("gifsicle", body) }
        }
        /// `--optimize` with `gifsicle` set up as `setup` does; the message must match `message`.
        func failing(_ name: String, _ message: String, _ setup: @escaping (BadInputSandbox) throws -> Void) -> BadInputCase {
            BadInputCase(name, gif, status: 70, message: message, setup: setup, environment: path)
        }
        return [
            failing("gifsicle is not a program", "^gifsicle could not be started \\($F/gifsicle: Exec format error\\)$",
                    gifsicleFile("not a program\n")),
            failing("gifsicle names a missing interpreter",
                    "^gifsicle could not be started \\($F/gifsicle: No such file or directory\\)$",
                    gifsicleFile("#!/nonexistent/sh\nexit 0\n")),
            failing("gifsicle exits with status 1",
                    "^gifsicle at $F/gifsicle exited with status 1 running --no-warnings -O3 .*: gifsicle: out of colours$",
                    gifsicleScript("echo 'gifsicle: out of colours' >&2; exit 1")),
            failing("gifsicle killed by SIGKILL", "^gifsicle at $F/gifsicle was killed by signal 9 ", gifsicleScript("kill -9 $$")),
        ]
    }()
}
