import Foundation
import SpruceVideo

/// stdin, stdout and stderr that never trap: a closed descriptor is reopened on /dev/null before anything else
/// opens a file (else the first file opened would become "stderr" and receive the error messages), SIGPIPE and
/// SIGXFSZ are ignored so a closed reader is an EPIPE error and a file size limit an EFBIG one, and messages are
/// written with plain `write(2)`, whose failures (a full or closed stderr) are ignored: there is nowhere left to
/// report them. Everything a command prints on stdout goes through `print`, and `CommandEnding.finish` flushes
/// stdout before any exit, so a result that could not be written is exit 74 with one line whatever the command.
public enum StandardStreams {
    /// The command's name, which begins every line it writes on stderr (`render-gif: error: …`); set by `prepare`.
    nonisolated(unsafe) public private(set) static var program = ""
    /// Standard output was closed when the program started (reopened on /dev/null): what a command prints there is
    /// lost, which `flushOutput` reports.
    nonisolated(unsafe) private static var outputWasClosed = false
    /// Whether anything was printed on stdout (a closed stdout is an error only for a command that printed).
    nonisolated(unsafe) private static var printed = false
    private static let printing = NSLock()

    /// Call first, before anything opens a file; `program` names the command in its messages.
    public static func prepare(program: String) {
        self.program = program
        outputWasClosed = fcntl(1, F_GETFD) < 0 && errno == EBADF
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != fd { dup2(opened, fd); close(opened) }
        }
        InterruptSignals.ignoreWriteSignals()
    }

    /// Writes `text` to stderr, retrying partial writes and EINTR, giving up silently on any error.
    public static func writeError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if n > 0 { bytes = bytes.dropFirst(n) } else if n < 0, errno == EINTR { continue } else { return }
        }
    }

    /// Prints `text` on stdout (buffered; `flushOutput` says whether it got there). Safe from several threads.
    public static func print(_ text: String, terminator: String = "\n") {
        printing.withLock {
            printed = true
            Swift.print(text, terminator: terminator)
        }
    }

    /// Flushes stdout; a failure (disk full, closed pipe, a descriptor closed from the start) is an I/O error (exit
    /// 74), not a silent success.
    public static func flushOutput() throws {
        if outputWasClosed, printing.withLock({ printed }) {
            throw ProcessFailure(message: "cannot write to standard output: it is closed", code: ExitStatus.ioError)
        }
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            throw ProcessFailure(message: "cannot write to standard output: \(String(cString: strerror(errno)))", code: ExitStatus.ioError)
        }
    }
}
