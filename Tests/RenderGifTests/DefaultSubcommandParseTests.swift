import XCTest
@testable import render_gif

/// `render`, the default subcommand, parsed on its own gives the command the root gives for the same arguments,
/// and leaves to the root whatever it cannot parse alone.
final class DefaultSubcommandParseTests: XCTestCase {
    func testRenderAloneParsesAsTheRootDoes() throws {
        let cases: [[String]] = [
            [],
            ["--sort", "cornered", "--out", "demo.gif"],
            ["-q", "--scene", "stitch", "--size", "320x240", "--out", "x.mp4"],
            ["--animation", "spring", "--damping", "0.4", "--fps", "30", "--hold", "-0.2", "--out", "a.webm"],
            ["--rows", "3", "--columns", "4", "--loop", "in-out", "--timing", "t.json"],
            ["--out", "test"],
        ]
        for arguments in cases {
            let alone = try XCTUnwrap(RenderGif.renderAlone(arguments), "\(arguments)")
            let root = try XCTUnwrap(try RenderGif.parseAsRoot(arguments) as? Render, "\(arguments)")
            XCTAssertEqual(described(alone), described(root), "\(arguments)")
        }
    }

    /// Whole-number flags read a number as the other number flags do: `8.0` and `1e1` are 8 and 10.
    func testWholeNumberFlagsTakeAnyDecimalSpellingOfAWholeNumber() throws {
        let render = try XCTUnwrap(RenderGif.renderAlone(["--threads", "8.0", "--rows", "1e1", "--columns", "+3",
                                                          "--recursive-depth", "-0", "--crf", "2E1", "--out", "a.mp4"]))
        XCTAssertEqual(render.encoding.threads, 8)
        XCTAssertEqual(render.sceneOptions.rows, 10)
        XCTAssertEqual(render.sceneOptions.columns, 3)
        XCTAssertEqual(render.choreography.recursiveDepth, 0)
        XCTAssertEqual(render.encoding.crf, 20)
    }

    func testTheRootParsesWhatRenderAloneCannot() {
        let cases: [[String]] = [
            ["--version"],                          // the root's flag
            ["stitch", "frames/", "--out", "x.mp4"], // a subcommand first
            ["help", "render"],
            ["--help"],
            ["--fps", "-1"],                        // refused by validation
            ["-q", "stitch", "frames/"],            // the root says where `stitch` goes
            ["--no-such-flag"],
        ]
        for arguments in cases {
            XCTAssertNil(RenderGif.renderAlone(arguments), "\(arguments)")
        }
    }

    private func described(_ command: Render) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }
}
