import Foundation
import SpruceFilm
import SpruceLottie
import SpruceRender
import SpruceScene
import XCTest

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A scene file of `fixtures/scenes` as a film, at the frame rate it asks for.
func sceneFilm(_ file: String) throws -> Film {
    let doc = try SceneParser.load(contentsOf: repositoryRoot.appendingPathComponent("fixtures/scenes/\(file)"))
    return try SceneFilm(document: doc, framesPerSecond: doc.timeline.fps ?? 25).film
}

/// Other people's code run on our files: `scripts/lottie-check.py` in the venv `scripts/python-env.sh` makes
/// (the lottie-specs schema with jsonschema-rs, and rlottie). Missing tools fail the test: `make test` makes them.
enum LottieTools {
    struct Run { let status: Int32; let output: String }

    static var python: String {
        if let p = ProcessInfo.processInfo.environment["SPRUCE_LOTTIE_PYTHON"] { return p }
        return repositoryRoot.appendingPathComponent(".build-venv/bin/python").path
    }

    static func run(_ arguments: [String]) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw XCTSkip("no Lottie tools at \(python): run scripts/python-env.sh (make test does)").asFailure
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repositoryRoot.appendingPathComponent("scripts/lottie-check.py").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The lottie-specs schema's verdict; fails the test with its messages.
    static func assertValid(_ file: URL, line: UInt = #line) throws {
        let r = try run(["validate", file.path])
        XCTAssertEqual(r.status, 0, r.output, line: line)
    }

    /// rlottie's frames `frames` of `file`, drawn at `width`×`height`, read back as bitmaps.
    static func render(_ file: URL, frames: [Int], width: Int, height: Int, into folder: URL) throws -> [Bitmap] {
        let r = try run(["render", file.path, folder.path, "\(width)", "\(height)"] + frames.map(String.init))
        guard r.status == 0 else { throw LottieToolError(message: r.output) }
        return try frames.map { try Bitmap(contentsOfFile: folder.appendingPathComponent(String(format: "rlottie-%04d.png", $0)).path) }
    }
}

struct LottieToolError: Error, CustomStringConvertible { let message: String; var description: String { message } }

extension XCTSkip {
    /// Not a skip: a missing tool is a broken setup, reported as an error.
    var asFailure: LottieToolError { LottieToolError(message: message ?? "Lottie tools missing") }
}
