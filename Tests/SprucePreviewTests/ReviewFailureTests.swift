import Foundation
import MediaTestSupport
import SpruceLocalServer
import SpruceReviewServer
import SpruceSnapshotReview
import XCTest

/// A request the review server fails for a reason that is not a refusal: 500 with one fixed text, the error itself
/// on the terminal (standard error), not in the answer.
final class ReviewFailureTests: XCTestCase {
    /// The actual file of a listed failure is over the golden bound when asked for (a sparse file): reading it
    /// throws an error no route turns into a refusal.
    func testAFailedRequestAnswersAFixedTextAndLogsTheError() async throws {
        let scratch = try Scratch()
        let artifacts = scratch.path("artifacts")
        let failure = artifacts.appendingPathComponent("\(FilmFailures.folderName)/big-timing")
        try FileManager.default.createDirectory(at: failure, withIntermediateDirectories: true)
        try Data("old timing\n".utf8).write(to: failure.appendingPathComponent("expected.txt"))
        let actual = failure.appendingPathComponent("actual.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: actual.path, contents: nil))
        XCTAssertEqual(truncate(actual.path, off_t(FilmFailures.maximumGoldenBytes + 1)), 0)
        let manifest = FilmFailureManifest(kind: "timing", test: "Big/timing", snapshot: scratch.path("big.timing.txt").path,
                                           message: "timing.txt differs", files: .init(expected: "expected.txt", actual: "actual.txt"))
        try manifest.data().write(to: failure.appendingPathComponent(FilmFailureManifest.fileName))

        let server = ReviewServer(catalogue: try ReviewCatalogue(paths: [], goldens: nil), artifacts: artifacts, port: 0)
        let running = ServerTask(run: { try await server.run(handlesSignals: false) }, shutdown: { await server.shutdown() })
        let client = try RawHTTP.waiting { server.port }
        let token = [("X-Review-Token", server.token)]
        let (reply, logged) = try await StandardErrorCapture.run { try client.get("/api/snapshots/big-timing/actual", headers: token) }
        XCTAssertEqual(reply.status, 500, reply.text)
        XCTAssertEqual(reply.json.keys.sorted(), ["error"])
        XCTAssertEqual(reply.json["error"] as? String, LocalResponse.failedText)
        XCTAssertTrue(logged.contains("a request failed: ") && logged.contains("tooLarge"), logged)
        XCTAssertEqual(try client.get("/api/snapshots/big-timing/expected", headers: token).status, 200, "the other files are served")
        try await running.stop()
    }

    /// A body over the bound sent in chunks (no Content-Length to refuse it by) is the client's too: 413 with the
    /// bound, as for one whose Content-Length is over it, and no "a request failed" on the terminal.
    func testAChunkedBodyOverTheBoundIsRefusedAndNotLogged() async throws {
        let server = ReviewServer(catalogue: try ReviewCatalogue(paths: [], goldens: nil), artifacts: nil, port: 0)
        let running = ServerTask(run: { try await server.run(handlesSignals: false) }, shutdown: { await server.shutdown() })
        let client = try RawHTTP.waiting { server.port }
        let limit = ReviewServer.Limits().maximumBody
        var chunked = Data()
        for _ in 0...(limit / 1024) { chunked += Data("400\r\n".utf8) + Data(repeating: 0x20, count: 1024) + Data("\r\n".utf8) }
        chunked += Data("0\r\n\r\n".utf8)
        let headers = [("X-Review-Token", server.token), ("Transfer-Encoding", "chunked")]
        let (reply, logged) = try await StandardErrorCapture.run { try client.send("POST", "/api/accept", headers: headers, body: chunked) }
        XCTAssertEqual(reply.status, 413, reply.text)
        XCTAssertEqual(reply.json["error"] as? String, "the request body is over \(limit) bytes")
        XCTAssertFalse(logged.contains("a request failed"), logged)
        XCTAssertEqual(try client.get("/api/items", headers: [("X-Review-Token", server.token)]).status, 200, "the server still answers")
        try await running.stop()
    }

    /// A client whose body ends before its Content-Length (it shuts its sending side) broke the request, not the
    /// server: 400 and no "a request failed" on the terminal.
    func testABodyCutShortIsTheClientsAndNotLogged() async throws {
        let server = ReviewServer(catalogue: try ReviewCatalogue(paths: [], goldens: nil), artifacts: nil, port: 0)
        let running = ServerTask(run: { try await server.run(handlesSignals: false) }, shutdown: { await server.shutdown() })
        let client = try RawHTTP.waiting { server.port }
        let (status, logged) = try await StandardErrorCapture.run { () throws -> Int in
            let fd = try client.connect()
            defer { close(fd) }
            let head = "POST /api/accept HTTP/1.1\r\nHost: 127.0.0.1:\(client.port)\r\nX-Review-Token: \(server.token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ids\": ["
            try client.write(fd, Data(head.utf8))
            shutdown(fd, Int32(SHUT_WR))
            return try RawHTTP.parse(client.readAll(fd)).status
        }
        XCTAssertEqual(status, 400)
        XCTAssertFalse(logged.contains("a request failed"), logged)
        XCTAssertEqual(try client.get("/api/items", headers: [("X-Review-Token", server.token)]).status, 200, "the server still answers")
        try await running.stop()
    }
}
