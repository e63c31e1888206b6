import Foundation
import SprucePreview
import XCTest
import SprucePreviewModel

/// Names are checked as the file system reads them: a `/` followed by a combining mark is one `Character` that is not
/// "/", but still a separator on disk.
final class PathGuardTests: XCTestCase {
    private let slashWithMark = "/\u{0591}"

    func testAnExportNameWithASlashBeforeACombiningMarkIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pathguard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A link inside the export folder that leads out of it: a name reaching through it would write outside.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out").path, withDestinationPath: "/tmp")
        for name in ["out\(slashWithMark)x.png", "imasge\(slashWithMark)lall.png", ".\u{0591}hidden.png"] {
            XCTAssertThrowsError(try PathGuard.exportTarget(name, in: folder), name.debugDescription)
        }
        XCTAssertEqual(try PathGuard.exportTarget("still\u{0591}.png", in: folder).lastPathComponent, "still\u{0591}.png")
    }

    func testARequestPathSplitsOnEverySlashByte() throws {
        XCTAssertEqual(try PathGuard.parts("images\(slashWithMark)tile.png"), ["images", "\u{0591}tile.png"])
        XCTAssertThrowsError(try PathGuard.parts("a/\u{0591}/../b"))
    }
}
