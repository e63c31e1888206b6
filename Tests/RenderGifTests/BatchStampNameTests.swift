import Foundation
import MediaTestSupport
import XCTest

/// A batch item's stamp (`<out>.spruce-stamp`) is written and read back for the longest `out` name it leaves room
/// for; a longer name fails before the render, with nothing written (it was rendered, then its stamp failed).
final class BatchStampNameTests: XCTestCase {
    /// One still item whose output is named `name`, in `out/`.
    func batch(_ scratch: Scratch, outName name: String) throws -> URL {
        let url = scratch.path("batch.yaml")
        try "items:\n  - {scene: minimal, out: out/\(name), flags: [--size, 60x60, --hold, '0']}\n".write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testTheLongestOutNameWithRoomForItsStampIsStampedAndThenSkipped() throws {
        let scratch = try Scratch()
        let name = String(repeating: "a", count: 255 - ".spruce-stamp".utf8.count - ".png".utf8.count) + ".png"
        let manifest = try batch(scratch, outName: name)
        let first = try CLI.run(["batch", manifest.path])
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/\(name).spruce-stamp").path))
        let second = try CLI.run(["batch", manifest.path])
        XCTAssertEqual(second.status, 0, second.stdout + second.stderr)
        XCTAssertTrue(second.stdout.contains("0 rendered, 1 skipped, 0 failed"), second.stdout)
    }

    func testAnOutNameWithNoRoomForItsStampFailsBeforeTheRender() throws {
        let scratch = try Scratch()
        let name = String(repeating: "a", count: 251) + ".png"
        let result = try CLI.run(["batch", try batch(scratch, outName: name).path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains(".png: its stamp cannot be written: /"), result.stdout)
        XCTAssertTrue(result.stdout.contains("(268 bytes) is longer than the file system's 255 bytes; give out a shorter name"), result.stdout)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("out").path)) ?? [], [], "nothing rendered")
    }
}
