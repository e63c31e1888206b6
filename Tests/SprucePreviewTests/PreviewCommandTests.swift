import Foundation
import MediaTestSupport
import XCTest

/// `render-gif preview` as a user runs it: the real binary, its printed address, Ctrl-C.
final class PreviewCommandTests: XCTestCase {
    static var binary: URL { BuiltProducts.renderGif }

    /// Starts `render-gif preview` and waits (bounded) for the address line; `ignoring` names signals the shell that
    /// starts it ignores (`trap '' HUP`, as `nohup` does).
    static func start(_ arguments: [String], ignoring: String? = nil) throws -> (Process, Pipe, String) {
        let process = Process()
        if let ignoring {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' \(ignoring); exec \"$0\" preview \"$@\"", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = ["preview"] + arguments
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var text = Data()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !String(decoding: text, as: UTF8.self).contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += chunk
        }
        return (process, err, String(decoding: text, as: UTF8.self))
    }

    /// `render-gif preview ARGUMENTS` that ends by itself: its status and standard error.
    static func runToEnd(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["preview"] + arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// Whether `process` ended within `seconds` (looked at every 20 ms).
    static func exited(_ process: Process, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// A scratch folder holding a small grid scene file.
    static func scratchScene() throws -> (folder: URL, scene: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scene = folder.appendingPathComponent("grid.json")
        try PreviewHarness.smallGrid().write(to: scene)
        return (folder, scene)
    }

    func testCtrlCStopsTheServerCleanly() throws {
        let (folder, scene) = try Self.scratchScene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, _, line) = try Self.start([scene.path, "--port", "0"])
        let (port, token) = try Self.address(line)
        let client = RawHTTP(port: port, headers: [("X-Review-Token", token)])
        XCTAssertEqual(try client.get("/").status, 200)
        let stream = try EventStream(port: port, token: token)
        XCTAssertNotNil(try stream.next { _ in true })
        kill(process.processIdentifier, SIGINT)
        XCTAssertTrue(Self.exited(process, within: 30), "Ctrl-C stops the server (with an event stream open)")
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(stream.closed(within: 5))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["grid.json"], "nothing left behind")
    }

    /// SIGHUP (the terminal closed) and SIGQUIT end the server as Ctrl-C does: a graceful shutdown, exit 0, nothing
    /// left.
    func testHangUpAndQuitStopTheServerCleanly() throws {
        for sig in [SIGHUP, SIGQUIT] {
            let (folder, scene) = try Self.scratchScene()
            defer { try? FileManager.default.removeItem(at: folder) }
            let (process, _, line) = try Self.start([scene.path, "--port", "0"])
            XCTAssertTrue(line.contains("127.0.0.1:"), "printed address in: \(line)")
            kill(process.processIdentifier, sig)
            if !Self.exited(process, within: 30) { process.terminate() }
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "signal \(sig) is handled, not fatal")
            XCTAssertEqual(process.terminationStatus, 0, "signal \(sig)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["grid.json"], "nothing left behind")
        }
    }

    /// `nohup render-gif preview …` (SIGHUP ignored when it starts): a hang-up leaves it serving, where it shut the
    /// server down; Ctrl-C still stops it.
    func testAHangUpIgnoredAtStartLeavesTheServerServing() throws {
        let (folder, scene) = try Self.scratchScene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, _, line) = try Self.start([scene.path, "--port", "0"], ignoring: "HUP")
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let (port, token) = try Self.address(line)
        kill(process.processIdentifier, SIGHUP)
        guard !Self.exited(process, within: 2) else { return XCTFail("a hang-up it was started ignoring stopped the server") }
        XCTAssertEqual(try RawHTTP(port: port, headers: [("X-Review-Token", token)]).get("/").status, 200)
        kill(process.processIdentifier, SIGINT)
        XCTAssertTrue(Self.exited(process, within: 30), "Ctrl-C stops the server")
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// A save made while the server cannot open a file (every descriptor taken by connections) is read once
    /// descriptors are free again: the watcher tries a failed read again at every look, not only after the next save.
    func testASaveReadWhileOutOfFileDescriptorsIsReadLater() throws {
        let (folder, scene) = try Self.scratchScene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -n 100; exec \"$0\" preview \"$1\" --port 0", Self.binary.path, scene.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGINT); process.waitUntilExit() } }
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        let (port, token) = try Self.address(line)
        let client = RawHTTP(port: port, headers: [("X-Review-Token", token)])
        func key() throws -> String? { ((try client.get("/state").json["film"]) as? [String: Any])?["key"] as? String }
        let first = try XCTUnwrap(try key())
        let held = try (0..<200).map { _ in try client.connect() }
        usleep(300_000)
        let saved = folder.appendingPathComponent(".grid.json.new")
        try PreviewHarness.smallGrid(sort: "radial").write(to: saved)
        XCTAssertEqual(rename(saved.path, scene.path), 0)
        usleep(500_000)
        held.forEach { close($0) }
        var now = first
        for _ in 0..<250 where now == first {
            usleep(20_000)
            now = (try? key()).flatMap { $0 } ?? first
        }
        XCTAssertNotEqual(now, first, "the save is played once descriptors are free again")
        XCTAssertNil(try client.get("/state").json["error"])
    }

    /// A request whose body never finishes does not hold Ctrl-C for the 60 s idle timeout: the graceful shutdown
    /// waits `PreviewServer.shutdownGrace` at most.
    func testCtrlCDoesNotWaitForARequestThatNeverEnds() throws {
        let (folder, scene) = try Self.scratchScene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, _, line) = try Self.start([scene.path, "--port", "0"])
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let (port, token) = try Self.address(line)
        let client = RawHTTP(port: port, headers: [("X-Review-Token", token)])
        let fd = try client.connect()
        defer { close(fd) }
        try client.write(fd, Data("POST /settings HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Review-Token: \(token)\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a".utf8))
        usleep(300_000)
        let start = Date()
        kill(process.processIdentifier, SIGINT)
        while process.isRunning, Date().timeIntervalSince(start) < 30 { usleep(20_000) }
        XCTAssertFalse(process.isRunning)
        XCTAssertLessThan(Date().timeIntervalSince(start), 15, "stopped well before the 60 s idle timeout")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// The warning that the preview can be reached from other machines is for hosts that are not this machine's:
    /// 127.0.0.2, LOCALHOST, 127.1 and [::1] had it too (the check read the spelling, not the address it resolves to).
    /// The port and the token of the address a server printed (`http://127.0.0.1:PORT/?token=HEX`).
    static func address(_ line: String) throws -> (port: Int, token: String) {
        let pattern = try NSRegularExpression(pattern: #"127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{64})"#)
        let match = try XCTUnwrap(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "printed address in: \(line)")
        let text = { (i: Int) in String(line[Range(match.range(at: i), in: line)!]) }
        return (try XCTUnwrap(Int(text(1))), text(2))
    }

    func testOnlyAHostOutsideThisMachineIsWarnedAbout() throws {
        let (folder, scene) = try Self.scratchScene()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (host, warned) in [("127.0.0.2", false), ("LOCALHOST", false), ("0:0:0:0:0:0:0:1", false), ("127.1", false),
                               ("127.000.000.001", false), ("[::1]", false), ("0.0.0.0", true)] {
            let (process, err, line) = try Self.start([scene.path, "--port", "0", "--host", host])
            XCTAssertTrue(line.contains("render-gif preview: http://"), "\(host): \(line)")
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(text.contains("reachable from other machines"), warned, "\(host): \(text)")
        }
    }

    func testBadArgumentsAreOneLineAndADocumentedCode() throws {
        let (folder, scene) = try Self.scratchScene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [([String], Int32, String)] = [
            ([folder.appendingPathComponent("missing.json").path], 66, "no such scene file"),
            ([folder.path + "/"], 64, "scene file"),
            ([scene.path + "/"], 66, "preview: '\(scene.path)/': a name ending in '/' is a folder's, and this is a file (drop the '/')"),
            ([scene.path, "--port", "70000"], 64, "--port"),
            ([scene.path, "--export-dir", folder.appendingPathComponent("nope").path], 73, "--export-dir"),
        ]
        for (arguments, code, text) in cases {
            let (status, message) = try Self.runToEnd(arguments)
            XCTAssertEqual(status, code, "\(arguments): \(message)")
            XCTAssertTrue(message.contains(text), message)
            XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        }
        // The port is taken: 69 with one line.
        let (first, _, line) = try Self.start([scene.path, "--port", "0"])
        defer { first.terminate(); first.waitUntilExit() }
        let port = try XCTUnwrap(line.range(of: #":(\d+)/"#, options: .regularExpression).map { line[$0].dropFirst().dropLast() }.flatMap { Int($0) })
        let (status, message) = try Self.runToEnd([scene.path, "--port", String(port)])
        XCTAssertEqual(status, 69, message)
        XCTAssertTrue(message.contains("cannot serve"), message)
    }
}
