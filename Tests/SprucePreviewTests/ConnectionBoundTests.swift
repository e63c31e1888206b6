import Foundation
import SprucePreview
import SpruceReviewServer
import XCTest

/// More idle connections than a server's bound (`ConnectionFlood`): the server holds at most its bound open, a
/// request past the bound waits in the kernel's listen queue, and once the idle ones close it is answered and their
/// descriptors are gone.
final class ConnectionBoundTests: XCTestCase {
    /// Connections NIO may accept past the bound (four per wake-up), and a few descriptors the process opens
    /// meanwhile for its own use.
    static let slack = 8

    func testThePreviewServerHoldsAtMostItsBoundOfConnections() async throws {
        let h = try PreviewHarness()
        XCTAssertEqual(try h.client.get("/state").status, 200)
        let bound = PreviewServer.Limits().maximumConnections
        let flood = ConnectionFlood(port: h.port, bound: bound,
                                    request: ["GET /state HTTP/1.1", "Host: 127.0.0.1:\(h.port)", "X-Review-Token: \(h.server.token)"])
        check(try await flood.run(slack: Self.slack), bound: bound)
        XCTAssertEqual(try h.client.get("/state").status, 200, "a new request once the idle connections closed")
        try await h.stop()
    }

    func testTheReviewServerHoldsAtMostItsBoundOfConnections() async throws {
        let h = try ReviewHarness()
        XCTAssertEqual(try h.get("/api/items").status, 200)
        let bound = ReviewServer.Limits().maximumConnections
        let flood = ConnectionFlood(port: h.port, bound: bound,
                                    request: ["GET /api/items HTTP/1.1", "Host: 127.0.0.1:\(h.port)", "X-Review-Token: \(h.server.token)"])
        check(try await flood.run(slack: Self.slack), bound: bound)
        XCTAssertEqual(try h.get("/api/items").status, 200, "a new request once the idle connections closed")
        try await h.stop()
    }

    func check(_ report: ConnectionFlood.Report, bound: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(report.filled, "the server fills its bound", file: file, line: line)
        XCTAssertFalse(report.answeredPastBound, "a request past the bound waits", file: file, line: line)
        XCTAssertLessThanOrEqual(report.held, bound + Self.slack, "descriptors held during the flood", file: file, line: line)
        XCTAssertEqual(report.statusAfter, 200, "the request past the bound, once the idle connections closed", file: file, line: line)
        XCTAssertTrue(report.freed, "descriptors freed once the idle connections closed (\(report.heldAfter) held)", file: file, line: line)
    }
}
