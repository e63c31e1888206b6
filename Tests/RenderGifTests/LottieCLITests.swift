import Foundation
import MediaTestSupport
import XCTest

/// `--out film.json` and `--lottie film.json` through the real binary: both write a Lottie file of the film
/// (beside a video, too), and a view Lottie cannot carry is exit 65 with nothing written.
final class LottieCLITests: XCTestCase {
    func testOutJSONAndLottieFlagBothWriteLottie() throws {
        let scratch = try Scratch()
        let a = scratch.path("a.json"), b = scratch.path("b.json"), gif = scratch.path("b.gif")
        let first = try CLI.run(["--scene", "grid", "--hold", "0", "--out", a.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "", "silent when stderr is not a terminal")
        let second = try CLI.run(["--scene", "grid", "--hold", "0", "--scale", "0.5", "--quiet", "--out", gif.path, "--lottie", b.path])
        XCTAssertEqual(second.status, 0, second.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: a)) as? [String: Any]
        XCTAssertEqual(json?["w"] as? Int, 464)
        XCTAssertEqual(json?["fr"] as? Int, 25)
        XCTAssertEqual((json?["layers"] as? [Any])?.count, 52, "root, grid, 49 tiles, background")
        // --scale changes pixels, not points: the Lottie canvas is the same, half a pixel is a different bound.
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(contentsOf: b)) as? [String: Any])?["w"] as? Int, 464)
        XCTAssertEqual(scratch.contents, ["a.json", "b.gif", "b.json"])
    }

    /// A disk that fills while the Lottie file is written (a real 32 KiB tmpfs; the grid's file is about 95 KiB):
    /// one line naming the file and the reason, not Foundation's NSError dump, and nothing left in the folder.
    func testAFullDiskIsOneLine() throws {
        try XCTSkipUnless(getuid() == 0, "mounting a tmpfs needs root")
        let scratch = try Scratch()
        let disk = scratch.path("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        do { _ = try Media.output(of: "mount", ["-t", "tmpfs", "-o", "size=32k", "tmpfs", disk.path]) } catch {
            throw XCTSkip("cannot mount a tmpfs here: \(error)")
        }
        defer { _ = try? Media.output(of: "umount", [disk.path]) }
        let r = try CLI.run(["--scene", "grid", "--hold", "0", "--out", disk.appendingPathComponent("full.json").path])
        XCTAssertEqual(r.status, 74, r.stderr)
        XCTAssertEqual(r.stderr, "render-gif: error: --out: cannot write: \(disk.path)/full.json: No space left on device\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), [])
    }

    func testTwoLottieOutputsAreAUsageError() throws {
        let scratch = try Scratch()
        let r = try CLI.run(["--scene", "grid", "--out", scratch.path("a.json").path, "--lottie", scratch.path("b.json").path])
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertEqual(scratch.contents, [])
    }

    /// The phone mock-ups clip rows that slide in from outside the screens: the rows get track mattes.
    func testClippedRowsExportWithMattes() throws {
        let scratch = try Scratch()
        let r = try CLI.run(["--scene", "phones", "--quiet", "--lottie", scratch.path("p.json").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.path("p.json"))) as? [String: Any]
        let layers = json?["layers"] as? [[String: Any]] ?? []
        XCTAssertGreaterThan(layers.filter { $0["td"] as? Int == 1 }.count, 0)
    }
}
