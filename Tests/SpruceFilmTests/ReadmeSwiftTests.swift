// README.md's Swift, exactly as the README shows it, between the two marker lines: it compiles with the suite and
// runs as a test against its goldens in __Snapshots__/ReadmeSwiftTests/. ReadmeSwiftTests checks that README's
// ```swift blocks are these lines, so neither can change without the other.
// README BEGIN
import SpruceSnapshotTesting
import XCTest

final class GridMotionTests: XCTestCase {
    func testGridEntrance() throws {
        let film = try Film(size: CGSize(width: 464, height: 464), framesPerSecond: 25, root: makeGrid) { grid in
            grid.spruce.animate([.fadeIn, .expand(.slightly)], animationType: SpringAnimation(duration: 0.5),
                                sortFunction: CorneredSortFunction(corner: .topLeft, interObjectDelay: 0.025))
        }
        assertFilmGoldens(of: film, named: "grid")   // filmstrip, timing and motion: the files `render-gif test` keeps
    }
}
// README END
import Foundation
import MediaTestSupport

/// The README's screen: 7 × 7 tiles on the 464 × 464 canvas (`makeGrid` is the reader's own code there).
func makeGrid() -> View { tileGrid(rows: 7, columns: 7, side: 60, gap: 4) }

final class ReadmeSwiftTests: XCTestCase {
    func testTheREADMEsSwiftIsThisFilesCode() throws {
        let readme = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.fencedBlocks(in: readme, language: "swift")
        XCTAssertFalse(blocks.isEmpty, "README.md has no ```swift block")
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let tested = try XCTUnwrap(Self.lines(of: source, between: "// README BEGIN", and: "// README END"))
        XCTAssertEqual(blocks.joined(separator: "\n"), tested, "README.md's Swift and \(#fileID)'s marked lines differ")
    }

    /// The bodies of a Markdown text's fenced blocks in one language, each without its fences.
    static func fencedBlocks(in text: String, language: String) -> [String] {
        var blocks: [String] = [], current: [Substring]? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let body = current {
                if line.hasPrefix("```") { blocks.append(body.joined(separator: "\n")); current = nil } else { current = body + [line] }
            } else if line == "```\(language)" {
                current = []
            }
        }
        return blocks
    }

    static func lines(of text: String, between begin: String, and end: String) -> String? {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = all.firstIndex(where: { $0 == begin }), let last = all.firstIndex(where: { $0 == end }), first < last else { return nil }
        return all[(first + 1)..<last].joined(separator: "\n")
    }
}
