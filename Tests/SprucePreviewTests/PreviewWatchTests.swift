import Foundation
import SprucePreview
import SpruceScene
import XCTest

/// The scene file changed on disk while clients watch: every client hears of it, the new film is served, an error
/// keeps the last good film playing, and the frames of each version are the command line's.
final class PreviewWatchTests: XCTestCase {
    func testSavesReachEveryWatcherAndErrorsKeepTheLastGoodFilm() async throws {
        let h = try PreviewHarness()
        let first = try XCTUnwrap(h.filmInfo()["key"] as? String)
        let watchers = try (0..<4).map { _ in try EventStream(port: h.port, token: h.server.token) }
        for w in watchers { XCTAssertNotNil(try w.next { ($0["film"] as? [String: Any])?["key"] as? String == first }, "initial state") }

        // A save by rename (as most editors do): every watcher gets the new film.
        try h.save(PreviewHarness.smallGrid(sort: "radial"))
        var second = ""
        for w in watchers {
            let state = try XCTUnwrap(try w.next { (($0["film"] as? [String: Any])?["key"] as? String ?? first) != first }, "no event after a save")
            second = try XCTUnwrap((state["film"] as? [String: Any])?["key"] as? String)
        }
        let film = try h.expectedFilm()
        XCTAssertEqual(try h.client.get("/frame/\(second)/9").body, try h.expectedPNG(film, 9))

        // A broken save: the error with its place and line; the last good film stays and still plays.
        let broken = String(decoding: try PreviewHarness.smallGrid(sort: "radial"), as: UTF8.self)
            .replacingOccurrences(of: "\"radial\"", with: "\"sideways\"")
        try h.save(Data(broken.utf8))
        for w in watchers {
            let state = try XCTUnwrap(try w.next { $0["error"] != nil }, "no error event")
            XCTAssertEqual((state["film"] as? [String: Any])?["key"] as? String, second, "the last good film stays")
            let error = try XCTUnwrap(state["error"] as? [String: Any])
            XCTAssertTrue((error["message"] as? String ?? "").contains("sideways"), "\(error)")
            let line = try XCTUnwrap(error["line"] as? Int)
            XCTAssertTrue(broken.components(separatedBy: "\n")[line - 1].contains("sideways"), "line \(line) is where the error is")
        }
        XCTAssertEqual(try h.client.get("/frame/\(second)/9").status, 200)

        // An in-place write (truncate and write, as some editors do), fixing it: the radial film again, same key.
        try PreviewHarness.smallGrid(sort: "radial").write(to: h.sceneURL)
        for w in watchers {
            XCTAssertNotNil(try w.next { $0["error"] == nil && ($0["film"] as? [String: Any])?["key"] as? String == second })
        }
        // Garbage that is not JSON at all.
        try h.save(Data("{ \"views\": [ ".utf8))
        XCTAssertNotNil(try watchers[0].next { $0["error"] != nil })
        // A FIFO in the scene's place blocked the reload in open(2) for good: no later save was seen and shutdown
        // never finished. It is an error like any other now, and the next save plays again.
        try FileManager.default.removeItem(at: h.sceneURL)
        XCTAssertEqual(mkfifo(h.sceneURL.path, 0o644), 0)
        let fifo = try XCTUnwrap(try watchers[0].next { (($0["error"] as? [String: Any])?["message"] as? String ?? "").contains("FIFO") })
        XCTAssertEqual((fifo["film"] as? [String: Any])?["key"] as? String, second, "the last good film stays")
        // Deleted, then a directory in its place: each says what it is (the directory kept the deletion's message).
        try FileManager.default.removeItem(at: h.sceneURL)
        XCTAssertNotNil(try watchers[0].next { (($0["error"] as? [String: Any])?["message"] as? String ?? "").contains("missing or unreadable") })
        try FileManager.default.createDirectory(at: h.sceneURL, withIntermediateDirectories: false)
        XCTAssertNotNil(try watchers[0].next { (($0["error"] as? [String: Any])?["message"] as? String ?? "").contains("is a directory") })
        try FileManager.default.removeItem(at: h.sceneURL)
        try h.save(PreviewHarness.smallGrid(sort: "radial"))
        XCTAssertNotNil(try watchers[0].next { $0["error"] == nil && ($0["film"] as? [String: Any])?["key"] as? String == second })
        try await h.stop()
        for w in watchers { XCTAssertTrue(w.closed(within: 10), "shutdown ends every event stream") }
    }

    func testShutdownEndsStreamsAndClosesThePort() async throws {
        let h = try PreviewHarness()
        let stream = try EventStream(port: h.port, token: h.server.token)
        XCTAssertNotNil(try stream.next { _ in true })
        let port = h.port
        try await h.stop()
        XCTAssertTrue(stream.closed(within: 10))
        XCTAssertThrowsError(try RawHTTP(port: port).get("/state"), "nothing listens after shutdown")
    }

    func testConcurrentClientsGetTheRightFrames() async throws {
        let h = try PreviewHarness(scene: PreviewHarness.smallGrid(rows: 5))
        let key = try XCTUnwrap(h.filmInfo()["key"] as? String)
        let film = try h.expectedFilm()
        let expected = try (0..<film.frameCount).map { try h.expectedPNG(film, $0) }
        let wrong = StatusList()
        let group = DispatchGroup()
        let client = h.client
        for c in 0..<8 {
            group.enter()
            Thread {
                var generator = SystemRandomNumberGenerator()
                for _ in 0..<25 {
                    let i = Int.random(in: 0..<expected.count, using: &generator)
                    let reply = try? client.get("/frame/\(key)/\(i)")
                    if reply?.status == 503 { usleep(20_000); continue }
                    if reply?.body != expected[i] { wrong.add(c * 1000 + i) }
                }
                group.leave()
            }.start()
        }
        group.wait()
        XCTAssertEqual(wrong.all, [], "frames served wrong (client*1000+index)")
        try await h.stop()
    }
}
