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

/// `chattr FLAG PATH` (`+i`/`-i`: immutable, which binds root too, where permission bits do not): whether it worked
/// (a file system without the flag, or no privilege, says no).
func chattr(_ flag: String, _ url: URL) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [flag, url.path]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

/// A test case with a fresh folder of its own, `dir`, under the temporary directory, removed after each test.
class ScratchFolderTestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }
}
