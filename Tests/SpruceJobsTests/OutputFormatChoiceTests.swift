import Foundation
import SpruceJobs
import SpruceVideo
import XCTest

/// `OutputFormat.chosen`: the format from the path, from a name checked against the path, and each problem.
final class OutputFormatChoiceTests: XCTestCase {
    private func problem(_ out: String, _ name: String? = nil, animated: Bool = false) -> OutputFormat.ChoiceProblem? {
        do { _ = try OutputFormat.chosen(for: out, name: name, animated: animated) } catch { return error as? OutputFormat.ChoiceProblem }
        return nil
    }

    func testFormatsFromPathAndName() throws {
        XCTAssertEqual(try OutputFormat.chosen(for: "a.gif", name: nil, animated: false), .gif)
        XCTAssertEqual(try OutputFormat.chosen(for: "frames/", name: nil, animated: false), .pngSequence)
        XCTAssertEqual(try OutputFormat.chosen(for: "a.png", name: nil, animated: true), .apng)
        XCTAssertEqual(try OutputFormat.chosen(for: "a.png", name: "APNG", animated: false), .apng, "names match as scene names do")
        XCTAssertEqual(try OutputFormat.chosen(for: "film", name: "mp4", animated: false), .mp4)
        XCTAssertEqual(OutputFormat.names.compactMap { OutputFormat(name: $0)?.name }, OutputFormat.names)
    }

    func testProblems() {
        XCTAssertEqual(problem("a.gif/"), .folderWithExtension("gif"))
        XCTAssertEqual(problem("a.mp4", animated: true), .animatedNeedsPNG)
        XCTAssertEqual(problem("a.xyz"), .unknown)
        XCTAssertEqual(problem("a.mp4", "mkv"), .unknownName("mkv"))
        XCTAssertEqual(problem("a.gif", "mp4"), .conflict("mp4", ext: "gif"))
    }
}
