import Foundation
import SnapshotTesting
import Spruce
import SpruceRender
import SpruceSnapshotTesting
import XCTest

/// The repository's `fixtures/` folder, found from this file's path.
let fixturesURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

/// Golden images live in `fixtures/snapshots/<suite>/`. Re-record with the library's record mode,
/// e.g. `SNAPSHOT_TESTING_RECORD=all swift test --filter GoldenImageTests`.
func assertGolden(
    _ view: View, named name: String, scale: CGFloat = 1, background: Color? = .white,
    suite: String = "SpruceRender", file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
    let failure = verifySnapshot(
        of: view, as: .image(scale: scale, background: background), named: name,
        snapshotDirectory: fixturesURL.appendingPathComponent("snapshots/\(suite)").path,
        file: file, testName: testName, line: line)
    if let failure { XCTFail(failure, file: file, line: line) }
}

func tile(_ frame: CGRect, _ color: Color = .spruceGreen, radius: CGFloat = 8) -> View {
    let v = View(frame: frame)
    v.backgroundColor = color
    v.cornerRadius = radius
    return v
}

func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
