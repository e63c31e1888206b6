import Foundation
import XCTest
@testable import spruce_bench

/// `ratios --runs` logs and `pool`: what is written reads back, bad logs are refused with their line, and pooling
/// keeps builds apart and never counts a run twice.
final class RunLogTests: XCTestCase {
    private func record(set: String = "20261128T020000Z-1", build: String = "aa", scene: String = "example-4k",
                        round: Int = 0, seconds: Double = 3.7, fromFile: Double = 3.6) -> RunRecord {
        RunRecord(set: set, build: build, scene: scene, output: "mp4", frames: 194, round: round,
                  seconds: seconds, fromFile: fromFile, throughPipe: 3.5, ownCPU: 0.26)
    }

    private func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("runlog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testAWrittenLogReadsBackAndIsOnlyAppendedTo() throws {
        let path = try scratch().appendingPathComponent("runs.tsv").path
        let first = [record(round: 0), record(round: 1, seconds: 3.81)]
        do {
            let log = try RunLog.Writer(path: path)
            for r in first { try log.append(r) }
        }
        let second = record(set: "20261128T030000Z-2", round: 0, seconds: 3.65)
        let again = try RunLog.Writer(path: path)
        try again.append(second)
        try again.append(record(set: "20261128T030000Z-2", round: 1, seconds: .nan))  // no figure: not logged
        XCTAssertEqual(try RunLog.read(path), first + [second])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: RunLog.header).count, 2, "one header, however many sets")
        XCTAssertEqual(RunLog.line(record()).split(separator: "\t").count, 10)
    }

    func testAFileThatIsNotARunLogIsRefusedBeforeMeasuring() throws {
        let dir = try scratch()
        let notes = dir.appendingPathComponent("notes.txt")
        try Data("my notes\n".utf8).write(to: notes)
        XCTAssertThrowsError(try RunLog.Writer(path: notes.path)) { XCTAssertTrue("\($0)".contains("notes.txt:1: not a run log"), "\($0)") }
        XCTAssertEqual(try String(contentsOf: notes, encoding: .utf8), "my notes\n", "left as it was")
        XCTAssertThrowsError(try RunLog.Writer(path: dir.path)) { XCTAssertTrue("\($0)".contains("run log"), "\($0)") }
        let fifo = dir.appendingPathComponent("fifo.tsv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try RunLog.Writer(path: fifo), "refused, not waited on") { XCTAssertTrue("\($0)".contains("run log"), "\($0)") }
        let link = dir.appendingPathComponent("link.tsv")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: notes)
        XCTAssertThrowsError(try RunLog.Writer(path: link.path), "a symbolic link is not followed")
    }

    func testBadLinesNameTheirLine() {
        let good = RunLog.line(record())
        func refused(_ line: String, _ why: String, file: StaticString = #filePath, lineNumber: UInt = #line) {
            XCTAssertThrowsError(try RunLog.parse([RunLog.header, good, line].joined(separator: "\n"), name: "l.tsv"),
                                 file: file, line: lineNumber) {
                XCTAssertTrue("\($0)".hasPrefix("l.tsv:3: ") && "\($0)".contains(why), "\($0)", file: file, line: lineNumber)
            }
        }
        let f = good.split(separator: "\t").map(String.init)
        func with(_ k: Int, _ v: String) -> String { var g = f; g[k] = v; return g.joined(separator: "\t") }
        refused(f.dropLast().joined(separator: "\t"), "9 fields")
        refused(with(6, "nan"), "not a number")
        refused(with(7, "-1"), "not a number")
        refused(with(8, "0"), "took no time")
        refused(with(4, "99999999999999999999"), "frames")
        refused(with(5, "-2"), "round")
        refused(with(2, ""), "empty name")
        refused(String(repeating: "x", count: 600), "longer than")
        XCTAssertThrowsError(try RunLog.parse(good, name: "h.tsv")) { XCTAssertTrue("\($0)".hasPrefix("h.tsv:1: ")) }
        XCTAssertEqual(try RunLog.parse(RunLog.header + "\n" + good + "\n", name: "ok").count, 1)
    }

    func testPoolingKeepsBuildsApartAndRefusesARunCountedTwice() throws {
        // Set A: ratios 1.02, 1.04, 1.06; set B: 1.00, 1.08; another build: 1.20.
        let a = [1.02, 1.04, 1.06].enumerated().map { record(round: $0, seconds: $1 * 3.6) }
        let b = [1.00, 1.08].enumerated().map { record(set: "B", round: $0, seconds: $1 * 3.6) }
        let other = record(build: "bb", seconds: 1.20 * 3.6)
        let groups = try Pool.pool(a + [other] + b)
        XCTAssertEqual(groups.map(\.build), ["aa", "bb"])
        XCTAssertEqual(groups[0].ratioToFile.count, 5)
        XCTAssertEqual(groups[0].ratioToFile.median, 1.04, accuracy: 1e-9)
        XCTAssertEqual(groups[0].sets.map(\.name), ["20261128T020000Z-1", "B"])
        XCTAssertEqual(groups[0].sets[1].ratio.median, 1.04, accuracy: 1e-9)
        XCTAssertEqual(groups[1].ratioToFile.median, 1.20, accuracy: 1e-9)
        XCTAssertEqual(groups[0].ownCPUPerFrame, 0.26 * 1000 / 194, accuracy: 1e-9)
        XCTAssertThrowsError(try Pool.pool(a + a)) { XCTAssertTrue("\($0)".contains("appears twice"), "\($0)") }
    }

    /// This test binary's own build ID: the linker's note, read from the file.
    func testTheBuildIsNamedByItsBuildID() throws {
        let id = try XCTUnwrap(try BuildIdentity.buildID(ofExecutable: "/proc/self/exe"))
        XCTAssertTrue(id.count >= 16 && id.allSatisfy(\.isHexDigit), id)
        let dir = try scratch(), text = dir.appendingPathComponent("plain")
        try Data(repeating: 0x41, count: 100).write(to: text)
        XCTAssertNil(try BuildIdentity.buildID(ofExecutable: text.path))
    }
}
