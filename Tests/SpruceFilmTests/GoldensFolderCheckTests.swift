import Foundation
import SpruceFilm
import XCTest

/// `FilmGoldens.checkFolder` of a path through a file: a slash at the end makes the file itself the path's folder
/// ("it is a file"), a name after it makes the file a folder above ("'…' in its path is a file"). `render-gif test`
/// and `review` hand it a path without the slash (`URL.path`); a Swift caller may write `goldens/`.
final class GoldensFolderCheckTests: XCTestCase {
    func testAFileWithASlashAtItsEndIsTheFolderAndAFileAboveIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-goldens-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("g.txt").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        for (path, expected) in [(file + "/", FilmGoldensFolderProblem.notAFolder(what: "a file")),
                                 (file + "//", .notAFolder(what: "a file")),
                                 (file + "/goldens", .notAFolderAbove(path: file, what: "a file")),
                                 (file + "/goldens/", .notAFolderAbove(path: file, what: "a file"))] {
            XCTAssertThrowsError(try FilmGoldens.checkFolder(path), path) { error in
                XCTAssertEqual(error as? FilmGoldensFolderProblem, expected, path)
            }
        }
    }
}
