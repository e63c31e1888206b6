import Foundation
import MediaTestSupport
import Spruce
import SpruceFilm
import SpruceRender
import XCTest

/// Recording a strip of fewer pages removes the pages of an earlier, longer strip, and nothing else that stands
/// under a page's name: a folder, a link or a file that is not a PNG is the user's.
final class StalePagesTests: XCTestCase {
    func film() throws -> Film { try FilmstripPagesTests.film(width: 120, height: 60) }

    func testAnOldPageIsRemovedWhenTheStripShrinks() throws {
        let scratch = try Scratch()
        let goldens = FilmGoldens(folder: scratch.path("goldens"))
        _ = try goldens.record(try film(), name: "tiles")
        let page2 = scratch.path("goldens/tiles.filmstrip.2.png"), page3 = scratch.path("goldens/tiles.filmstrip.3.png")
        for page in [page2, page3] { try FileManager.default.copyItem(at: scratch.path("goldens/tiles.filmstrip.png"), to: page) }
        let recorded = try goldens.record(try film(), name: "tiles")
        XCTAssertEqual(recorded.recorded, [])  // the strip itself did not change
        for page in [page2, page3] { XCTAssertFalse(FileManager.default.fileExists(atPath: page.path), page.lastPathComponent) }
    }

    func testAFolderALinkOrAnotherFileUnderAPageNameIsLeftAlone() throws {
        let scratch = try Scratch()
        let goldens = FilmGoldens(folder: scratch.path("goldens"))
        _ = try goldens.record(try film(), name: "tiles")
        let page2 = scratch.path("goldens/tiles.filmstrip.2.png")
        let kept = scratch.path("elsewhere.txt")
        try Data("the user's".utf8).write(to: kept)
        let cases: [(String, () throws -> Void)] = [
            ("folder", {
                try FileManager.default.createDirectory(at: page2.appendingPathComponent("photos"), withIntermediateDirectories: true)
                try Data("thesis".utf8).write(to: page2.appendingPathComponent("photos/thesis.txt"))
            }),
            ("link", { try FileManager.default.createSymbolicLink(at: page2, withDestinationURL: kept) }),
            ("text file", { try Data("notes".utf8).write(to: page2) }),
        ]
        for (kind, make) in cases {
            try make()
            // A PNG page after it is not stale either: pages are counted from the strip's end without gaps.
            let page3 = scratch.path("goldens/tiles.filmstrip.3.png")
            try FileManager.default.copyItem(at: scratch.path("goldens/tiles.filmstrip.png"), to: page3)
            _ = try goldens.record(try film(), name: "tiles")
            XCTAssertNotEqual(FileKind.of(page2.path, followLinks: false), .missing, kind)
            XCTAssertTrue(FileManager.default.fileExists(atPath: page3.path), kind)
            XCTAssertEqual(try String(contentsOf: kept, encoding: .utf8), "the user's", kind)
            if kind == "folder" {
                XCTAssertEqual(try String(contentsOf: page2.appendingPathComponent("photos/thesis.txt"), encoding: .utf8), "thesis")
            }
            try FileManager.default.removeItem(at: page2)
            try FileManager.default.removeItem(at: page3)
        }
    }
}
