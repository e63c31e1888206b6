import Foundation
import XCTest

/// Relative paths when the C library cannot name the working folder: it was removed, or its path is longer than
/// PATH_MAX. Foundation then takes the working folder for `/`, and `--out x.gif` went to `/x.gif` with status 0.
final class WorkingFolderTests: XCTestCase {
    /// A name nothing else uses, so that a write that went to `/` is found and removed.
    private let outputName = "spruce-working-folder-\(UUID().uuidString).gif"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: "/" + outputName)
    }

    func testARemovedWorkingFolderTakesNoOutputAndNothingGoesToTheRoot() throws {
        let box = try BadInputSandbox()
        let result = try shell("mkdir gone && cd gone && rmdir ../gone && exec \"$0\" --sort cornered --out \(outputName) -q", in: box)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertEqual(result.stderrLines, ["render-gif: error: --out '\(outputName)': directory /proc/self/cwd is not writable (No such file or directory)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/" + outputName), "the output went to /")
    }

    func testAWorkingFolderDeeperThanPathMaxTakesTheOutput() throws {
        let box = try BadInputSandbox()
        let part = String(repeating: "d", count: 200)
        // 22 folders of 200 bytes: a path over 4,400 bytes, reached one relative step at a time.
        let descend = Array(repeating: "mkdir \(part) && cd \(part)", count: 22).joined(separator: " && ")
        let result = try shell("\(descend) && \"$0\" --sort cornered --out \(outputName) -q && test -s \(outputName) && echo written here", in: box)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "written here\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/" + outputName), "the output went to /")
    }

    /// Runs `script` in bash (dash cannot `cd` past PATH_MAX) with `$0` the render-gif under test, from the sandbox.
    private func shell(_ script: String, in box: BadInputSandbox) throws -> CLI.Result {
        try CLI.run(["-c", script, CLI.binary.path], environment: ["TMPDIR": box.tmp.path], in: box.url,
                    executable: URL(fileURLWithPath: "/bin/bash"))
    }
}
