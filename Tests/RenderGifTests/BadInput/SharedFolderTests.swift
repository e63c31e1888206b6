import Foundation
import SpruceRender
import XCTest

/// Two runs in different PID namespaces (two containers) writing into one folder: neither takes the other's live
/// temporary for a killed run's, whose pid it cannot see.
final class SharedFolderTests: XCTestCase {
    /// Run A is stopped while its temporary lies beside its output; run B, in a PID namespace of its own, writes
    /// beside it; A then finishes. B cannot see A's pid, and A's temporary was made in another place, so B leaves it.
    func testARunInAnotherPIDNamespaceLeavesALiveRunsTemporaryAlone() throws {
        guard getuid() == 0, let unshare = ["/usr/bin/unshare", "/bin/unshare"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("needs root and unshare(1) for a PID namespace") }
        let box = try BadInputSandbox()
        let environment = ["TMPDIR": box.tmp.path]
        let a = try CLI.start(BadInputCases.twoRunGIF("$S/a.gif").map(box.expand), environment: environment, in: box.url)
        defer { kill(a.process.processIdentifier, SIGCONT); a.process.waitUntilExit() }
        var temporary: String?
        for _ in 0..<2_000 where temporary == nil {  // at most 10 s: a bound, not a timing check
            temporary = try FileManager.default.contentsOfDirectory(atPath: box.url.path).first { $0.hasPrefix(".a.gif.render-gif-") }
            if temporary == nil { usleep(5_000) }
        }
        guard let temporary else { return XCTFail("run A made no temporary beside a.gif") }
        kill(a.process.processIdentifier, SIGSTOP)

        let b = try CLI.run(["--pid", "--fork", "--mount-proc", CLI.binary.path] + BadInputCases.twoRunGIF("$S/b.gif").map(box.expand),
                            environment: environment, in: box.url, executable: URL(fileURLWithPath: unshare))
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: box.path(temporary)), "run B removed run A's live temporary")

        kill(a.process.processIdentifier, SIGCONT)
        a.process.waitUntilExit()
        let result = a.result()
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ["a.gif", "b.gif"] {
            let bytes = FileManager.default.contents(atPath: box.path(name)) ?? Data()
            XCTAssertEqual(bytes.prefix(6), Data("GIF89a".utf8), "\(name) is not a GIF")
        }
    }

    /// A temporary made in another place is stale once untouched for `strangerAge`, whatever its pid.
    func testATemporaryOfAnotherPlaceIsStaleOnceUntouchedLongEnough() throws {
        let box = try BadInputSandbox()
        let elsewhere = TemporaryName.place == "00000001" ? "00000002" : "00000001"
        let name = ".out.gif.render-gif-\(getpid())-\(elsewhere)deadbeef.tmp.gif"
        try box.write(name, "a temporary")
        TemporaryName.removeStale(in: box.url.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: box.path(name)), "removed though changed a moment ago")
        TemporaryName.removeStale(in: box.url.path, strangerAge: 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: box.path(name)), "kept though untouched for the whole age")
    }
}
