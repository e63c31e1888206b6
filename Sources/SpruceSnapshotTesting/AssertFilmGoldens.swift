import Foundation
import IssueReporting
import SnapshotTesting
import SpruceFilm

/// Asserts the goldens `render-gif test` keeps for a film, under one name, through swift-snapshot-testing:
/// `NAME.filmstrip.png`, `NAME.timing.txt` and `NAME.motion.txt` in `snapshotDirectory` (by default the library's
/// own, `__Snapshots__/TestFile/` beside the test file). The files are the ones `render-gif test --goldens
/// THAT_FOLDER` reads and writes for a scene named NAME that makes the same film, so either side can record
/// them. Record mode, `SNAPSHOT_ARTIFACTS` and failures work as for `assertSnapshot`: each golden that differs
/// (or is missing, or cannot be read) is one issue, under XCTest and Swift Testing alike, and leaves a failure folder
/// whose manifest names the snapshot file (`DiffTool.filmArtifacts`), for `FilmFailures` to list and accept.
///
/// `name` is kept as is by swift-snapshot-testing only when made of letters, digits, `_` and `-` (not first or
/// last); another name is reported as an issue. A filmstrip that takes more than one page (`FilmstripLayout`) is
/// reported too: only `render-gif test` (`FilmGoldens`) reads and writes pages.
public func assertFilmGoldens(
    of film: @autoclosure () throws -> Film,
    named name: String,
    snapshotDirectory: String? = nil,
    filmstrip: FilmstripGolden = FilmstripGolden(),
    motion: MotionGolden = MotionGolden(),
    record: SnapshotTestingConfiguration.Record? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    func fail(_ message: String) { reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column) }
    guard FilmGoldenName.isKept(name) else {
        return fail("the goldens' name \(SafeText.escaped(name)) would be changed by swift-snapshot-testing; use letters, digits, _ and -")
    }
    let value: Film
    do { value = try film() } catch { return fail("the film could not be made: \(error)") }
    // Under the `.filmArtifacts` diff tool: a failure's manifest names its snapshot file, to be accepted from a review.
    func verify<Format>(_ strategy: Snapshotting<Film, Format>, _ kind: String) -> String? {
        withSnapshotTesting(diffTool: .filmArtifacts) {
            verifySnapshot(of: value, as: strategy, named: kind, record: record, snapshotDirectory: snapshotDirectory, timeout: timeout,
                           fileID: fileID, file: filePath, testName: name, line: line, column: column)
        }
    }
    // The three goldens made in one pass of the film, as `render-gif test` makes them; a film one of them cannot be
    // made of goes through each golden's own strategy, which reports which one failed.
    let timing = TimingGolden()
    let made = try? FilmGoldenValues(film: value, filmstrip: filmstrip, texts: [timing, motion], cancellation: nil)
    // A strip of more than one page has no made value: its own strategy reports it.
    let strip = made?.pages.count == 1 ? made?.pages.first : nil
    let texts = made?.texts.map(\.text)
    let failures = [
        verify(.golden(filmstrip, diffing: .filmstrip, made: strip), filmstrip.kind),
        verify(.golden(timing, diffing: .filmText(timing), made: texts?[0]), timing.kind),
        verify(.golden(motion, diffing: .filmText(motion), made: texts?[1]), motion.kind),
    ]
    for failure in failures.compactMap({ $0 }) { fail(failure) }
}

enum FilmGoldenName {
    /// What swift-snapshot-testing leaves unchanged in a file name: runs of letters, digits and `_` joined by one `-`.
    static func isKept(_ name: String) -> Bool {
        !name.isEmpty && name.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
        }
    }
}
