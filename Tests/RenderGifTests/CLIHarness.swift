import Foundation
import SpruceRender
import SpruceScene
import SpruceVideo
import XCTest

/// Runs the real `render-gif` binary, built beside this test bundle (`swift build --build-tests` and
/// `swift test` build every product of the package, the executable included).
enum CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The build products folder the tests run from (…/debug).
    static let productsDirectory: URL = {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for dir in candidates where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("render-gif").path) {
            return dir
        }
        return packageRoot.appendingPathComponent(".build/debug")
    }()

    static var binary: URL { productsDirectory.appendingPathComponent("render-gif") }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// Runs to completion with stdout and stderr captured in files (no pipe can fill up and block).
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let process = try start(arguments, environment: environment, in: directory)
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

    static func start(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> Running {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SPRUCE_SCENES"] = packageRoot.appendingPathComponent("fixtures/scenes").path
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
    let player: ScenePlayer

    /// `grid.json` with the same overrides the tests pass on the command line.
    init(scale: Double, fps: Double, hold: Double? = nil, edit: (inout SceneDocument) -> Void = { _ in }) throws {
        var doc = try SceneParser.load(contentsOf: CLI.packageRoot.appendingPathComponent("fixtures/scenes/grid.json"))
        doc.canvas.scale = scale
        if let hold { doc.timeline.hold = hold }
        edit(&doc)
        player = try ScenePlayer(document: doc, framesPerSecond: fps)
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

/// ffprobe / ffmpeg on outputs.
enum Media {
    static func tool(_ name: String) -> String {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "/usr/bin/\(name)"
    }

    static func capture(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: tmp.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: tmp) }
        process.standardOutput = try FileHandle(forWritingTo: tmp)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "Media", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(executable) \(arguments) failed"])
        }
        return try Data(contentsOf: tmp)
    }

    /// The first video stream and the container (frames counted by decoding).
    static func probe(_ url: URL) throws -> (stream: [String: Any], format: [String: Any]) {
        let data = try capture(tool("ffprobe"), ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                 "-show_streams", "-show_format", "-of", "json", url.path])
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return ((json["streams"] as! [[String: Any]])[0], json["format"] as! [String: Any])
    }

    /// Every frame decoded to BGRA.
    static func decode(_ url: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let bytes = [UInt8](try capture(tool("ffmpeg"), ["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "bgra", "-"]))
        let size = width * height * 4
        XCTAssertEqual(bytes.count % size, 0)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    /// Peak signal-to-noise ratio over B, G, R in dB.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        var squared = 0.0, count = 0
        for i in 0..<a.count where i % 4 != 3 {
            let d = Double(a[i]) - Double(b[i])
            squared += d * d
            count += 1
        }
        return squared == 0 ? 99 : 10 * log10(255 * 255 / (squared / Double(count)))
    }

    /// Frame delays in centiseconds, one per Graphic Control Extension, and the NETSCAPE2.0 loop count.
    static func gifDelays(_ url: URL) throws -> (delays: [Int], loop: Int?) {
        let d = [UInt8](try Data(contentsOf: url))
        guard d.count > 13, d.starts(with: Array("GIF8".utf8)) else { throw NSError(domain: "GIF", code: 1) }
        var i = 13, delays: [Int] = [], loop: Int?
        if d[10] & 0x80 != 0 { i += 3 << (Int(d[10] & 7) + 1) }
        func skipBlocks() { while i < d.count, d[i] != 0 { i += Int(d[i]) + 1 }; i += 1 }
        while i < d.count {
            switch d[i] {
            case 0x21:
                if d[i + 1] == 0xF9 { delays.append(Int(d[i + 4]) | Int(d[i + 5]) << 8) }
                if d[i + 1] == 0xFF, String(decoding: d[(i + 3)..<(i + 14)], as: UTF8.self) == "NETSCAPE2.0" {
                    loop = Int(d[i + 16]) | Int(d[i + 17]) << 8
                }
                i += 2
                skipBlocks()
            case 0x2C:
                let flags = d[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
                i += 1
                skipBlocks()
            case 0x3B: return (delays, loop)
            default: throw NSError(domain: "GIF", code: 2, userInfo: [NSLocalizedDescriptionKey: "bad block at \(i)"])
            }
        }
        return (delays, loop)
    }
}

/// A fresh directory per test, removed afterwards.
final class Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("render-gif-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit {
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
    func path(_ name: String) -> URL { url.appendingPathComponent(name) }
    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}
