import Foundation
import SpruceLocalServer
@testable import SprucePreview
import XCTest

/// `render-gif preview`'s setup as a library value: what it refuses before anything is served, in its own words.
final class PreviewLaunchTests: XCTestCase {
    func testValidateRefusesWhatCannotBeServed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-launch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("grid.json")
        try PreviewHarness.smallGrid().write(to: scene)
        func refusal(_ change: (inout PreviewLaunch) -> Void) -> PreviewLaunchError? {
            var launch = PreviewLaunch(scene: scene.path)
            change(&launch)
            do { try launch.validate(); return nil } catch { return error as? PreviewLaunchError }
        }
        XCTAssertNil(refusal { _ in })
        XCTAssertEqual(refusal { $0.port = 65536 }, .port(65536))
        XCTAssertEqual(refusal { $0.host = "a b" }, .host("a b"))
        XCTAssertEqual(refusal { $0.host = "" }, .host(""))
        XCTAssertEqual(refusal { $0.scene = folder.appendingPathComponent("x.txt").path }, .notASceneFile(folder.appendingPathComponent("x.txt").path))
        XCTAssertEqual(refusal { $0.scene = folder.appendingPathComponent("none.yaml").path }, .noSuchScene(folder.appendingPathComponent("none.yaml").path))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.json"), withIntermediateDirectories: true)
        XCTAssertEqual(refusal { $0.scene = folder.appendingPathComponent("dir.json").path },
                       .sceneIsNotAFile(folder.appendingPathComponent("dir.json").path, "a directory"))
        XCTAssertEqual(refusal { $0.exportFolder = scene.path }, .exportFolder(scene.path))
        XCTAssertEqual("\(PreviewLaunchError.port(-1))", "the port must be 0…65535, got -1", "no flag in the library's words")
    }

    func testLoopbackHosts() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "LocalHost", "::1", "0:0:0:0:0:0:0:1", "127.1", "127.000.000.001", "[::1]", "[0::1]"] {
            XCTAssertTrue(PreviewLaunch.isLoopback(host), host)
        }
        for host in ["0.0.0.0", "192.168.1.2", "::", "example.com", "128.0.0.1", "[::]", "999.1.1.1", "[127.0.0.1]"] {
            XCTAssertFalse(PreviewLaunch.isLoopback(host), host)
        }
    }

    /// A server on `127.1` refused the Host its own address gets from a browser (`127.0.0.1:PORT`), and one on
    /// `0:0:0:0:0:0:0:1` refused `[::1]:PORT`. The names are the spelling given, the address written the usual way
    /// and, for 127.0.0.1 and ::1, `localhost`; no other machine's name or address.
    func testTheHostGuardTakesTheNamesOfTheBoundAddress() {
        let loopback: Set<String> = ["127.0.0.1:80", "localhost:80", "[::1]:80"]
        XCTAssertEqual(HostGuard<PreviewContext>.names(host: "127.1", port: 80), loopback.union(["127.1:80"]))
        XCTAssertEqual(HostGuard<PreviewContext>.names(host: "127.000.000.001", port: 80), loopback.union(["127.000.000.001:80"]))
        XCTAssertEqual(HostGuard<PreviewContext>.names(host: "[::1]", port: 80), loopback)
        XCTAssertEqual(HostGuard<PreviewContext>.names(host: "0:0:0:0:0:0:0:1", port: 80), loopback.union(["[0:0:0:0:0:0:0:1]:80"]))
        XCTAssertEqual(HostGuard<PreviewContext>.names(host: "LOCALHOST", port: 80), loopback)
        XCTAssertEqual(HostGuard<PreviewContext>.names(host: "127.0.0.2", port: 80), ["127.0.0.2:80"])
        XCTAssertEqual(HostGuard<PreviewContext>.names(host: "example.com", port: 80), ["example.com:80"])
    }
}
