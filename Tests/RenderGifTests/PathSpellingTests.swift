import Foundation
import SpruceRender
import XCTest

/// A path means what it means to the file system: `link/..` is the folder above the one the link names, and a `~`
/// the shell left alone is a folder named `~`, for outputs and inputs alike.
final class PathSpellingTests: XCTestCase {
    let small = ["--size", "60x60", "--rows", "2", "--columns", "2", "-q"]

    func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("path-spelling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("deep/sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("~"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: "deep/sub")
        try Data("the user's\n".utf8).write(to: root.appendingPathComponent("x.gif"))
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    func testDotDotAfterALinkIsBesideTheLinkedFolder() throws {
        let root = try folder()
        let result = try CLI.run(small + ["--out", "link/../x.gif"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(text(root.appendingPathComponent("x.gif")), "the user's\n", "the file beside the link is not the output")
        XCTAssertEqual(FileKind.of(root.appendingPathComponent("deep/x.gif").path), .regular)
        // A folder that is not there is named, even when `..` would step out of it on paper.
        let missing = try CLI.run(small + ["--out", "nowhere/../y.gif"], in: root)
        XCTAssertEqual(missing.status, 73, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("nowhere/.. does not exist"), missing.stderr)
    }

    func testALeadingTildeIsAFolderOfThatName() throws {
        let root = try folder()
        let home = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("path-spelling-\(UUID().uuidString).gif")
        let name = "~/" + home.lastPathComponent
        let result = try CLI.run(small + ["--out", name, "--timing", "~/t.json"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(FileKind.of(root.appendingPathComponent(name).path), .regular)
        XCTAssertEqual(FileKind.of(root.appendingPathComponent("~/t.json").path), .regular)
        XCTAssertEqual(FileKind.of(home.path), .missing, "nothing is written in the home folder")
        // The same for a scene file read from there.
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("fixtures/scenes/grid.json"),
                                         to: root.appendingPathComponent("~/scene.json"))
        let read = try CLI.run(["--scene", "~/scene.json", "--print-swift"], in: root)
        XCTAssertEqual(read.status, 0, read.stderr)
    }
}
