import Foundation
@_spi(Fuzzing) @testable import SpruceVideo
import XCTest

/// How ffmpeg, ffprobe and gifsicle are looked up: only an executable regular file counts (a folder or a file without
/// execute permission of that name is passed over for the next folder of PATH), no PATH at all means the system's
/// default search path, an empty entry names no folder, a relative one is taken relative to the working folder,
/// and a name with a `/` is the path it is.
final class ExecutableSearchTests: XCTestCase {
    /// `first` and `second` folders in a scratch folder; `second/tool` an executable script.
    private func folders() throws -> (scratch: Scratch, first: String, second: String) {
        let scratch = try Scratch()
        let first = scratch.path("first").path, second = scratch.path("second").path
        for folder in [first, second] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try program(second + "/tool")
        return (scratch, first, second)
    }

    private func program(_ path: String, mode: mode_t = 0o755) throws {
        try "#!/bin/sh\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, mode)
    }

    func testAFolderNamedLikeTheProgramIsPassedOver() throws {
        let (scratch, first, second) = try folders()
        try FileManager.default.createDirectory(atPath: first + "/tool", withIntermediateDirectories: false)
        XCTAssertEqual(ExecutableSearch.find("tool", on: "\(first):\(second)"), second + "/tool")
        XCTAssertNil(ExecutableSearch.find("tool", on: first))
        XCTAssertNil(ExecutableSearch.find(first + "/tool", on: second), "a path naming a folder")
        withExtendedLifetime(scratch) {}
    }

    func testAFileWithoutExecutePermissionIsPassedOver() throws {
        let (scratch, first, second) = try folders()
        try program(first + "/tool", mode: 0o644)
        XCTAssertEqual(ExecutableSearch.find("tool", on: "\(first):\(second)"), second + "/tool")
        XCTAssertNil(ExecutableSearch.find(first + "/tool", on: second), "a path naming a file that cannot run")
        withExtendedLifetime(scratch) {}
    }

    func testNoPATHIsTheDefaultSearchPath() throws {
        XCTAssertEqual(ExecutableSearch.searchPath([:]), "/usr/local/bin:/usr/bin:/bin")
        XCTAssertEqual(ExecutableSearch.searchPath(["PATH": ""]), "")
        let found = try XCTUnwrap(ExecutableSearch.find("sh", environment: [:]))
        XCTAssertTrue(["/usr/local/bin/sh", "/usr/bin/sh", "/bin/sh"].contains(found), found)
        XCTAssertNil(ExecutableSearch.find("sh", environment: ["PATH": ""]), "an empty PATH is still a PATH")
    }

    func testEmptyAndRelativeEntries() throws {
        let (scratch, first, second) = try folders()
        let saved = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(second)
        defer { FileManager.default.changeCurrentDirectoryPath(saved) }
        // The working folder holds `tool`: an empty entry does not name it, `.` does.
        XCTAssertNil(ExecutableSearch.find("tool", on: ":\(first)::"))
        XCTAssertEqual(ExecutableSearch.find("tool", on: "\(first):."), "./tool")
        XCTAssertEqual(ExecutableSearch.find("tool", on: "../first:../second"), "../second/tool")
        // A name with a `/` is a path, relative to the working folder, and never looked up.
        XCTAssertEqual(ExecutableSearch.find("./tool", on: first), "./tool")
        XCTAssertNil(ExecutableSearch.find("second/tool", on: scratch.url.path))
    }

    func testGifsicleIsLookedUpSo() throws {
        let (scratch, first, _) = try folders()
        try FileManager.default.createDirectory(atPath: first + "/gifsicle", withIntermediateDirectories: false)
        let real = try XCTUnwrap(ExecutableSearch.find("gifsicle", environment: [:]), "gifsicle is installed")
        XCTAssertEqual(GIFOptimizer.locate(environment: ["PATH": "\(first):/usr/local/bin:/usr/bin:/bin"]), real)
        XCTAssertEqual(GIFOptimizer.locate(environment: [:]), real)
        withExtendedLifetime(scratch) {}
    }

    func testFFprobeIsLookedUpSo() throws {
        let (scratch, first, second) = try folders()
        let real = try XCTUnwrap(ExecutableSearch.find("ffprobe", environment: [:]), "ffprobe is installed")
        // A folder named ffprobe in the first folder of PATH, and one beside an ffmpeg in `second`.
        try FileManager.default.createDirectory(atPath: second + "/ffprobe", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: first + "/ffprobe", withIntermediateDirectories: false)
        // ffmpeg's folder has no ffprobe: PATH's folder is passed over, and no PATH is the default search path.
        let alone = scratch.url.path + "/ffmpeg"
        XCTAssertEqual(OutputCheck.ffprobe(beside: alone, environment: ["PATH": "\(first):/usr/local/bin:/usr/bin:/bin"]), real)
        XCTAssertEqual(OutputCheck.ffprobe(beside: alone, environment: [:]), real)
        let ffmpeg = second + "/ffmpeg"
        XCTAssertEqual(OutputCheck.ffprobe(beside: ffmpeg, environment: ["PATH": "\(first):/usr/local/bin:/usr/bin:/bin"]), real)
        XCTAssertEqual(OutputCheck.ffprobe(beside: ffmpeg, environment: [:]), real)
        try FileManager.default.removeItem(atPath: second + "/ffprobe")
        try program(second + "/ffprobe")
        XCTAssertEqual(OutputCheck.ffprobe(beside: ffmpeg, environment: [:]), second + "/ffprobe")
        withExtendedLifetime(scratch) {}
    }
}
