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

    func testTwoLottieOutputsAreAUsageError() throws {
        let scratch = try Scratch()
        let r = try CLI.run(["--scene", "grid", "--out", scratch.path("a.json").path, "--lottie", scratch.path("b.json").path])
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertEqual(scratch.contents, [])
    }

    /// The phone mock-ups clip rows that slide in from outside: refused by view and property, exit 65, and
    /// the GIF asked for in the same command is not written either (the export is made before any output).
    func testUnsupportedClipIsExit65NamingTheViewAndWritesNothing() throws {
        let scratch = try Scratch()
        let r = try CLI.run(["--scene", "phones", "--scale", "0.25", "--quiet", "--out", scratch.path("p.gif").path,
                             "--lottie", scratch.path("p.json").path])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("--lottie: cannot export view '"), r.stderr)
        XCTAssertTrue(r.stderr.contains("clipsToBounds"), r.stderr)
        XCTAssertEqual(scratch.contents, [])
    }
}
