import Foundation
import MediaTestSupport
import XCTest

/// `render-gif compare`: the summary, the exit status and the side-by-side film.
final class CompareTests: XCTestCase {
    let small = "--scale 0.25 --hold 0"

    func testSameFilmTwiceIsEqual() throws {
        let scratch = try Scratch()
        let out = scratch.path("same.png")
        let result = try CLI.run(["compare", "grid", "--a", small, "--b", small, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("timing: every view starts, lasts and settles the same"), result.stdout)
        XCTAssertTrue(result.stdout.contains("pixels: all "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("result: equal\n"), result.stdout)
        XCTAssertEqual(scratch.contents, ["same.png"])
    }

    /// A film that only holds its last frame longer showed the same pixels (the shorter holds its last frame) and
    /// the same timings, and compare called the two "equal" (exit 0). Their lengths differ, and say so.
    func testFilmsOfDifferentLengthsDiffer() throws {
        let result = try CLI.run(["compare", "grid", "--a", "--loop in-hold --hold 0 --scale 0.25",
                                  "--b", "--loop in-hold --hold 0.5 --scale 0.25"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("timing: every view starts, lasts and settles the same"), result.stdout)
        let length = try XCTUnwrap(lines.first { $0.hasPrefix("length: ") }, result.stdout)
        XCTAssertTrue(length.hasSuffix("; the shorter film holds its last frame"), length)
        XCTAssertTrue(length.contains(" → "), length)
        XCTAssertTrue(lines.contains { $0.hasPrefix("pixels: all ") }, result.stdout)
        XCTAssertEqual(lines.last, "result: different")
    }

    func testADoubledDelayIsReportedViewByViewAndInPixels() throws {
        let scratch = try Scratch()
        let out = scratch.path("ab.gif")
        let result = try CLI.run(["compare", "grid", "--a", "--delay 0.025 " + small, "--b", "--delay 0.05 " + small,
                                  "--out", out.path, "--difference"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "A: grid --delay 0.025 \(small)")
        XCTAssertTrue(lines.contains("timing: 48 views changed"), result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  tile-0-1: start 0.025 s → 0.050 s (+0.025 s)") }, result.stdout)
        XCTAssertFalse(lines.contains { $0.hasPrefix("  tile-0-0:") }, "the first tile starts at 0 either way")
        XCTAssertTrue(lines.contains("  … and 28 more"), result.stdout)
        let pixels = try XCTUnwrap(lines.first { $0.hasPrefix("pixels: ") })
        XCTAssertTrue(pixels.contains("largest difference"), pixels)
        XCTAssertEqual(lines.last, "result: different")

        // Three 116-pixel panes and the margins: 16 + 116 + 16 + 116 + 16 + 116 + 16; 30 + 116 + 16 high.
        let (stream, _) = try Media.probe(out)
        XCTAssertEqual(stream["width"] as? Int, 412)
        XCTAssertEqual(stream["height"] as? Int, 162)
        XCTAssertNotNil(stream["nb_read_frames"])
    }

    /// `--out` was checked against the scene files only: naming a scene's image replaced it with the side-by-side
    /// frame (exit 0). Refused before any work (73), the image as it was.
    func testTheSideBySideNeverReplacesASceneImage() throws {
        let scratch = try Scratch()
        let image = scratch.path("testcard.png")
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("fixtures/images/testcard.png"), to: image)
        let scene = scratch.path("profile.yaml")
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("fixtures/scenes/examples/profile.yaml"), encoding: .utf8)
        try text.replacingOccurrences(of: "../../images/testcard.png", with: "testcard.png").write(to: scene, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: image)
        let result = try CLI.run(["compare", scene.path, scene.path, "--out", image.path, "-q"])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertEqual(result.stderrLines, ["render-gif: error: --out '\(image.path)': it is the image of views[0].image '\(image.path)'; writing there would destroy an input"])
        XCTAssertEqual(try Data(contentsOf: image), before)
    }

    func testUsageErrors() throws {
        let scratch = try Scratch()
        for (arguments, message) in [
            (["compare", "grid"], "compare needs two scenes, or one scene with --a and --b flags"),
            (["compare", "grid", "--a", "--fps 25", "--b", "--fps 50"], "compare needs one frame rate"),
            (["compare", "grid", "--a", "--scale 0.25", "--b", "--scale 0.5", "--difference"], "--difference needs films of one size"),
            (["compare", "grid", "grid", "--out", scratch.path("x.webm").path], "--out: compare writes .mp4, .gif or .png"),
            (["compare", "grid", "--a", "--damping", "--b", ""], "--a: "),
            // A flag that writes a file was silently ignored inside --a/--b.
            (["compare", "grid", "--a", "--out \(scratch.path("x.gif").path)", "--b", ""], "--a: must not repeat --out; compare's scenes (A, B) and its --out give it"),
            (["compare", "grid", "--a", "", "--b", "--timing t.json"], "--b: --timing writes a file of its own"),
            // Each side's bad values are named with the side, and --hold by its flag.
            (["compare", "grid", "--a", "--hold 9000", "--b", ""], "--a: --hold: must be at most 3600 seconds either way"),
            (["compare", "grid", "--a", "", "--b", "--delay nan"], "--b: --delay: must be 0…3600 seconds, got nan"),
            (["compare", "grid", "--a", "--hold -100", "--b", ""], "--a: --hold: -100 s reaches back before the in-phase starts"),
            // Flags taken and dropped: --quality 4k compared equal to the film without it.
            (["compare", "grid", "--a", "--quality 4k", "--b", ""], "--a: --quality has no effect on the film compare plays; leave it out (give --scale and --fps)"),
            (["compare", "grid", "--a", "", "--b", "--segment 1/2"], "--b: --segment/--frames/--keyint has no effect"),
            (["compare", "grid", "--a", "--optimize", "--b", ""], "--a: --format/--crf/--preset/--plays/--animated/--optimize has no effect"),
            (["compare", "grid", "--a", "--list-scenes", "--b", ""], "--a: --list-scenes has no effect"),
            // Dropped unchecked: --threads 0 compared like any film.
            (["compare", "grid", "--a", "--threads 0", "--b", ""], "--a: --threads has no effect"),
            (["compare", "grid", "--a", "", "--b", "--views tile-0-0"], "--b: --views has no effect"),
            (["compare", "grid", "--a", "--sheet-frames 0", "--b", ""], "--a: --sheet-frames/--sheet-every/--sheet-times/--sheet-columns/--sheet-width has no effect"),
            (["compare", "grid", "--a", "-q", "--b", ""], "--a: --quiet has no effect"),
            // The whole help text came back as one error line.
            (["compare", "grid", "--a", "--help", "--b", ""], "--a: --help is not a film flag; see render-gif --help for them"),
        ] {
            let result = try CLI.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        XCTAssertEqual(scratch.contents, [])
    }
}
