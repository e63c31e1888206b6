import Foundation
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
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "LocalHost", "::1", "0:0:0:0:0:0:0:1"] {
            XCTAssertTrue(PreviewLaunch.isLoopback(host), host)
        }
        for host in ["0.0.0.0", "192.168.1.2", "::", "example.com", "128.0.0.1"] { XCTAssertFalse(PreviewLaunch.isLoopback(host), host) }
    }
}
