import Foundation
import MediaTestSupport
import SpruceRender
import SpruceScene
import XCTest
@testable import render_gif

/// render-gif as an installed tool: the built-in scenes are in the executable, so a copy of it works from an
/// empty folder with no environment at all; `--version` and `--list-scenes` answer from the program itself.
final class InstalledProgramTests: XCTestCase {
    /// The sanitizers' options (`make sanitize`): they belong to the build under test, not to the program's
    /// environment, so they are passed on even to a program run with no environment.
    static let sanitizerOptions = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }

    /// Runs `executable` with exactly `environment` (none: as `env -i` does) in `directory`.
    func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], in directory: URL) throws -> CLI.Result {
        let scratch = try Scratch()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment.merging(Self.sanitizerOptions) { given, _ in given }
        process.currentDirectoryURL = directory
        let out = scratch.path("stdout"), err = scratch.path("stderr")
        for url in [out, err] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
                          stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// The executable copied away from the build folder and the checkout, run in an empty folder with no
    /// environment variables (no PATH, HOME or SPRUCE_SCENES): the README's first command, and the built-in
    /// profile scene, whose photo comes from the bytes compiled in.
    func testACopiedProgramRendersBuiltInScenesInAnEmptyFolderWithNoEnvironment() throws {
        let scratch = try Scratch()
        let bin = scratch.path("bin"), empty = scratch.path("empty")
        for dir in [bin, empty] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        let program = bin.appendingPathComponent("render-gif")
        try FileManager.default.copyItem(at: CLI.binary, to: program)

        let gif = try run(program, ["--sort", "cornered", "--out", "demo.gif", "--quiet"], in: empty)
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertEqual(gif.stderr, "")
        let (stream, _) = try Media.probe(empty.appendingPathComponent("demo.gif"))
        XCTAssertEqual(stream["codec_name"] as? String, "gif")
        XCTAssertEqual(stream["width"] as? Int, 464)
        XCTAssertEqual(stream["height"] as? Int, 464)
        XCTAssertGreaterThan(Int(stream["nb_read_frames"] as? String ?? "") ?? 0, 10)

        let png = try run(program, ["--scene", "profile", "--out", "profile.png"], in: empty)
        XCTAssertEqual(png.status, 0, png.stderr)
        XCTAssertEqual(png.stderr, "", "no fontconfig or other complaint without HOME")
        let drawn = try Bitmap(contentsOfFile: empty.appendingPathComponent("profile.png").path)
        let fromFile = try SceneFilm(document: SceneParser.load(contentsOf: CLI.packageRoot
            .appendingPathComponent("fixtures/scenes/examples/profile.yaml")), framesPerSecond: 25)
        let reference = try fromFile.render(at: fromFile.phases.inEnd)
        XCTAssertEqual(drawn.packedBGRA(), reference.packedBGRA(), "the built-in profile draws as its file, photo and text included")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty.path).sorted(), ["demo.gif", "profile.png"])
    }

    func testVersionIsTheLibraryVersion() throws {
        let result = try CLI.run(["--version"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, SpruceForLinux.version + "\n")
        XCTAssertNotNil(SpruceForLinux.version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression))
    }

    func testListScenesNamesEveryBuiltInSceneAndTheAddedOnes() throws {
        let scratch = try Scratch()
        let plain = try CLI.run(["--list-scenes"], in: scratch.url)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let lines = plain.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, BuiltInScenes.all.count)
        for (line, scene) in zip(lines, BuiltInScenes.all) {
            XCTAssertTrue(line.hasPrefix(scene.name + " "), line)
            XCTAssertTrue(line.hasSuffix(scene.description), line)
        }

        try #"{"name": "mine", "description": "My own screen.", "views": [{"frame": [0, 0, 10, 10]}]}"#
            .write(to: scratch.path("mine.json"), atomically: true, encoding: .utf8)
        let added = try CLI.run(["--list-scenes"], environment: ["SPRUCE_SCENES": scratch.url.path])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.hasPrefix(plain.stdout.trimmingCharacters(in: .newlines)), added.stdout)
        XCTAssertTrue(added.stdout.contains("mine        My own screen. [\(scratch.path("mine.json").path)]"), added.stdout)
        let timing = try CLI.run(["--scene", "mine", "--timing", scratch.path("t.json").path], environment: ["SPRUCE_SCENES": scratch.url.path])
        XCTAssertEqual(timing.status, 0, timing.stderr)

        let refused = try CLI.run(["--list-scenes", "--out", scratch.path("x.gif").path])
        XCTAssertEqual(refused.status, 64, refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("x.gif").path))
    }

    func testAnUnknownSceneNameListsTheBuiltInOnes() throws {
        let result = try CLI.run(["--scene", "profil", "--out", "x.gif"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("did you mean \"profile\""), result.stderr)
        for name in BuiltInScenes.names { XCTAssertTrue(result.stderr.contains(name), "\(name): \(result.stderr)") }
    }
}
