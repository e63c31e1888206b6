import Foundation
@testable import SpruceScene
import XCTest

/// A repeated id would make `target`, `exclude` and the timing export pick one of the views silently.
final class DuplicateIDTests: XCTestCase {
    func error(_ text: String, yaml: Bool = false) -> String {
        do { _ = try SceneParser.parse(Data(text.utf8), yaml: yaml); return "no error" } catch { return "\(error)" }
    }

    func testSecondUseNamesBothPlaces() {
        let views = (0..<8).map { i in i == 2 || i == 7 ? #"{"id": "card"}"# : #"{"id": "v\#(i)"}"# }
        XCTAssertEqual(error(#"{"views": [\#(views.joined(separator: ", "))]}"#),
                       #"views[7].id: duplicate id "card", first used at views[2].id"#)
    }

    func testNestedIDsCount() {
        let json = #"""
        {"views": [{"id": "screen", "subviews": [{"id": "title"}, {"id": "row", "subviews": [{"id": "avatar"}]}]},
                   {"id": "other", "subviews": [{"subviews": [{"id": "avatar"}]}]}]}
        """#
        XCTAssertEqual(error(json), #"views[1].subviews[0].subviews[0].id: duplicate id "avatar", first used at views[0].subviews[1].subviews[0].id"#)
        XCTAssertEqual(error(json.replacingOccurrences(of: #"[{"id": "avatar"}]}]}]}"#, with: #"[{"id": "title"}]}]}]}"#)),
                       #"views[1].subviews[0].subviews[0].id: duplicate id "title", first used at views[0].subviews[0].id"#)
    }

    func testYAMLReportsTheSamePaths() {
        let yaml = """
        views:
          - id: screen
            subviews:
              - {id: title}
              - id: list
                subviews:
                  - {id: row-1}
                  - {id: row-2}
                  - {id: row-1}
        """
        XCTAssertEqual(error(yaml, yaml: true), #"views[0].subviews[1].subviews[2].id: duplicate id "row-1", first used at views[0].subviews[1].subviews[0].id"#)
        XCTAssertEqual(error("views:\n  - {id: card}\n  - {id: card}\n", yaml: true),
                       #"views[1].id: duplicate id "card", first used at views[0].id"#)
    }

    func testTheRootsIDIsTaken() {
        XCTAssertEqual(error(#"{"views": [{"subviews": [{"id": "root"}]}]}"#),
                       #"views[0].subviews[0].id: duplicate id "root", first used by the root view (which covers the canvas)"#)
    }

    func testGridTileIDsCountWithoutBeingSpelledOut() {
        let grid = #"{"id": "board", "grid": {"rows": 3, "columns": 4, "tile": {"id": "tile"}}}"#
        XCTAssertEqual(error(#"{"views": [\#(grid), {"id": "tile-2-3"}]}"#),
                       #"views[1].id: duplicate id "tile-2-3", first used at views[0].grid.tile.id (the tile in row 2, column 3)"#)
        XCTAssertEqual(error(#"{"views": [{"id": "tile-0-1"}, \#(grid)]}"#),
                       #"views[1].grid.tile.id: duplicate id "tile-0-1", first used at views[0].id"#)
        XCTAssertEqual(error(#"{"views": [\#(grid), {"grid": {"rows": 1, "columns": 1, "tile": {"id": "tile"}}}]}"#),
                       #"views[1].grid.tile.id: duplicate id "tile-0-0", first used at views[0].grid.tile.id (the tile in row 0, column 0)"#)
        // Outside the grid, or not as the builder writes it: different ids.
        for id in ["tile-3-0", "tile-0-4", "tile-02-3", "tile-+1-1", "tile-1", "tile", "board-0-0"] {
            XCTAssertEqual(error(#"{"views": [\#(grid), {"id": "\#(id)"}]}"#), "no error", id)
        }
        XCTAssertEqual(error(#"{"views": [\#(grid), {"id": "tile2", "grid": {"rows": 1, "columns": 2, "tile": {"id": "tile-2"}}}]}"#),
                       "no error", "tile-2-0-0 and tile-2-0-1 are not tile-r-c of the first grid")
    }

    func testIDsInsideATileRepeatInEveryTile() {
        let tile = #"{"id": "card", "subviews": [{"id": "badge"}]}"#
        XCTAssertEqual(error(#"{"views": [{"grid": {"rows": 2, "columns": 2, "tile": \#(tile)}}]}"#),
                       #"views[0].grid.tile.subviews[0].id: duplicate id "badge": views[0].grid copies it into every tile (only the tile's own id gets -row-column)"#)
        XCTAssertEqual(error(#"{"views": [{"grid": {"rows": 1, "columns": 1, "tile": \#(tile)}}]}"#), "no error", "one tile, one copy")
        let nested = #"{"grid": {"rows": 2, "columns": 1, "tile": {"grid": {"rows": 2, "columns": 2, "tile": {"id": "dot"}}}}}"#
        XCTAssertEqual(error(#"{"views": [\#(nested)]}"#),
                       #"views[0].grid.tile.grid.tile.id: duplicate id "dot-0-0": views[0].grid copies this grid into every tile"#)
    }

    /// Documents edited in code are checked when they are built.
    func testBuilderRefusesDocumentsEditedInCode() throws {
        var doc = try SceneParser.parse(Data(#"{"views": [{"id": "a"}, {"id": "b", "subviews": [{"id": "c"}]}]}"#.utf8))
        XCTAssertNoThrow(try SceneBuilder(doc))
        doc.views.append(doc.views[1])
        XCTAssertThrowsError(try SceneBuilder(doc)) {
            XCTAssertEqual("\($0)", #"views[2].id: duplicate id "b", first used at views[1].id"#)
        }
    }

    func testBuiltInScenesHaveUniqueIDs() throws {
        for name in ["grid", "list", "collection", "phones"] { XCTAssertNoThrow(try SceneBuilder(builtInScene(name)), name) }
    }
}
