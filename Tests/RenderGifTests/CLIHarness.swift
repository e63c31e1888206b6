import Foundation
import MediaTestSupport
import SpruceRender
import SpruceScene
import SpruceVideo
import XCTest

/// Runs the real `render-gif` binary: the one `BuiltProducts.renderGif` names.
enum CLI {
    static let packageRoot = BuiltProducts.packageRoot

    /// The build products folder the tests run from (…/debug): spruce-bench and the module interfaces.
    static let productsDirectory = BuiltProducts.directory

    /// The `render-gif` under test (`BuiltProducts.renderGif`).
    static var binary: URL { BuiltProducts.renderGif }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// Runs to completion with stdout and stderr captured in files (no pipe can fill up and block); `executable`
    /// is render-gif unless another built product is named.
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    executable: URL = binary, file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let process = try start(arguments, environment: environment, in: directory, executable: executable)
        process.process.waitUntilExit()
        return process.result()
    }

    final class Running {
        let process: Process
        let out: URL, err: URL
        init(process: Process, out: URL, err: URL) { (self.process, self.out, self.err) = (process, out, err) }
        func result() -> Result {
            defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: err) }
            return Result(status: process.terminationStatus,
                          stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                          stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
        }
    }

    static func start(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                      executable: URL = binary) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let tmp = FileManager.default.temporaryDirectory
        let out = tmp.appendingPathComponent("render-gif-out-\(UUID().uuidString)")
        let err = tmp.appendingPathComponent("render-gif-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, out: out, err: err)
    }
}

/// The grid scene as the CLI plays it, drawn by the renderer itself: the reference for every output.
struct Reference {
    let player: SceneFilm

    /// `grid.json` with the same overrides the tests pass on the command line.
    init(scale: Double, fps: Double, hold: Double? = nil, edit: (inout SceneDocument) -> Void = { _ in }) throws {
        var doc = try SceneParser.load(contentsOf: CLI.packageRoot.appendingPathComponent("fixtures/scenes/grid.json"))
        doc.canvas.scale = scale
        if let hold { doc.timeline.hold = hold }
        edit(&doc)
        player = try SceneFilm(document: doc, framesPerSecond: fps)
    }

    /// Every frame as tightly packed BGRA, straight from the frame source the CLI encodes.
    func frames() throws -> [[UInt8]] {
        let source = try player.frameSource()
        let cursor = try source.makeCursor()
        return try (0..<source.format.frameCount).map { i in
            var buffer = [UInt8](repeating: 0, count: source.format.bytesPerFrame)
            try buffer.withUnsafeMutableBytes { try cursor.draw(frame: i, into: $0) }
            return buffer
        }
    }
}
