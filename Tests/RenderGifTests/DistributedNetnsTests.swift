import Foundation
import XCTest

/// scripts/distributed/netns-test.sh from the suite: GNU parallel renders segments on two real sshd hosts in network
/// namespaces, render-gif joins them, and the joined film must equal the whole (framemd5). Needs root (skipped
/// otherwise, as the script says) and the packages of `scripts/bootstrap.sh --test`.
final class DistributedNetnsTests: XCTestCase {
    func testSegmentsRenderedOnTwoSSHHostsJoinIntoTheWholeFilm() throws {
        guard getuid() == 0 else { throw XCTSkip("network namespaces and sshd need root") }
        let script = CLI.packageRoot.appendingPathComponent("scripts/distributed/netns-test.sh")
        for (out, flags) in [("mp4", "--scene minimal --animation spring --size 160x120 --fps 25 --hold 0.33 --keyint 5"),
                             ("gif", "--scene minimal --animation spring --size 160x120 --fps 25 --hold 0.33")] {
            let process = Process()
            process.executableURL = script
            var environment = ProcessInfo.processInfo.environment
            environment["RENDER_GIF"] = CLI.binary.path
            environment["OUT"] = out
            environment["FILM_FLAGS"] = flags
            environment["SEGMENTS"] = "3"
            process.environment = environment
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("netns-\(UUID().uuidString).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: log) }
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            process.waitUntilExit()
            try handle.close()
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            XCTAssertEqual(process.terminationStatus, 0, "\(out): \(text)")
            XCTAssertTrue(text.contains("framemd5 equal"), "\(out): \(text)")
        }
    }
}
