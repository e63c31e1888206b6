import Foundation
import SpruceRender

/// One interleaved round of `spruce-bench ratios`: the end-to-end run and the two encoder-only runs it is divided
/// by, with what identifies the set and the build that measured it. A line of a run log.
struct RunRecord: Equatable {
    /// The set's start (UTC) and process, e.g. `20261128T021500Z-4242`; the build's GNU build ID (`BuildIdentity`).
    var set: String, build: String
    var scene: String, output: String
    var frames: Int, round: Int
    /// Wall seconds: end-to-end, encoder-only from the file, encoder-only through the pipe; our CPU seconds.
    var seconds: Double, fromFile: Double, throughPipe: Double, ownCPU: Double

    var ratioToFile: Double { seconds / fromFile }
    var ratioToPipe: Double { seconds / throughPipe }
}

/// The runs of `ratios --runs FILE`, one tab-separated line each under a header line, so that sets measured at
/// different hours can be pooled (`spruce-bench pool`). A log is only ever appended to: each run is written (one
/// `write(2)` of one line, `O_APPEND`) as soon as its round is measured, so an interrupted set keeps the rounds it
/// finished and a log is never rewritten.
enum RunLog {
    static let header = "set\tbuild\tscene\toutput\tframes\tround\tend_to_end_s\tfile_s\tpipe_s\town_cpu_s"
    /// Bounds for reading: what a log of many sets stays far below.
    static let maxBytes = 16 << 20, maxLineBytes = 512

    /// A log open for appending; the header is written when the file is new or empty. Refused (before anything is
    /// measured) when the path is not a regular file or does not start with the header.
    final class Writer {
        private let fd: Int32, path: String

        init(path: String) throws {
            // Non-blocking so that a FIFO without a reader is refused instead of waited on.
            fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
            guard fd >= 0 else { throw BenchError("\(path): cannot open the run log (\(String(cString: strerror(errno))))") }
            self.path = path
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw BenchError("\(path): the run log must be a regular file")
            }
            if info.st_size == 0 {
                try append(RunLog.header)
            } else {
                do { _ = try RunLog.read(path) } catch {
                    close(fd)
                    throw BenchError("\(error) (ratios appends only to a run log it wrote)")
                }
            }
        }

        deinit { close(fd) }

        /// Appends a round, unless a figure of it is missing or not a time (a child that reported nothing): such a
        /// line would make the whole log unreadable, so it is left out with a line on stderr.
        func append(_ record: RunRecord) throws {
            let line = RunLog.line(record)
            guard (try? RunLog.parse(RunLog.header + "\n" + line, name: path)) != nil else {
                FileHandle.standardError.write(Data("spruce-bench: round \(record.round) of \(record.scene) \(record.output) not logged: \(line)\n".utf8))
                return
            }
            try append(line)
        }

        private func append(_ line: String) throws {
            let bytes = Array((line + "\n").utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw BenchError("\(path): cannot append a run (\(String(cString: strerror(errno))))") }
        }
    }

    static func line(_ r: RunRecord) -> String {
        func number(_ v: Double) -> String { String(format: "%.6f", v) }
        return [r.set, r.build, r.scene, r.output, String(r.frames), String(r.round),
                number(r.seconds), number(r.fromFile), number(r.throughPipe), number(r.ownCPU)].joined(separator: "\t")
    }

    /// The records of a log; a line that is not one names the file and line.
    static func read(_ path: String) throws -> [RunRecord] {
        // Opened as every input a user names is (`RegularFile`: no hang on a FIFO, checked on the open file).
        let data: Data
        do { data = try RegularFile.contents(of: path, maximumBytes: maxBytes) } catch let problem as RegularFile.Problem {
            throw BenchError("\(path): \(problem.words)")
        }
        guard data.count <= maxBytes else { throw BenchError("\(path): larger than \(maxBytes >> 20) MiB, not a run log") }
        guard let text = String(data: data, encoding: .utf8) else { throw BenchError("\(path): cannot be read as UTF-8 text") }
        return try parse(text, name: path)
    }

    static func parse(_ text: String, name: String) throws -> [RunRecord] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.first.map(String.init) == header else { throw BenchError("\(name):1: not a run log (its first line is not the header)") }
        return try lines.enumerated().dropFirst().map { index, line in
            func fail(_ why: String) -> BenchError { BenchError("\(name):\(index + 1): \(why)") }
            guard line.utf8.count <= maxLineBytes else { throw fail("longer than \(maxLineBytes) bytes") }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 10 else { throw fail("\(f.count) fields, not 10") }
            guard f[0...3].allSatisfy({ !$0.isEmpty }) else { throw fail("an empty name") }
            guard let frames = Int(f[4]), (1...1_000_000).contains(frames) else { throw fail("frames '\(f[4])' is not 1…1000000") }
            guard let round = Int(f[5]), (0...9_999).contains(round) else { throw fail("round '\(f[5])' is not 0…9999") }
            let seconds = try (6...9).map { k -> Double in
                guard let v = Double(f[k]), v.isFinite, v >= 0, v < 1e6 else { throw fail("'\(f[k])' is not a number of seconds") }
                return v
            }
            guard seconds[0...2].allSatisfy({ $0 > 0 }) else { throw fail("a run took no time") }
            return RunRecord(set: f[0], build: f[1], scene: f[2], output: f[3], frames: frames, round: round,
                             seconds: seconds[0], fromFile: seconds[1], throughPipe: seconds[2], ownCPU: seconds[3])
        }
    }
}
