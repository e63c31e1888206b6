import Foundation
import SpruceLocalServer
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

    /// The servers' bound is `ConnectionBound.standard`; the floods below test the mechanism with a bound of 16, which a
    /// loaded machine (the whole suite at once) fills as surely as an idle one.
    static let bound = 16

    func testTheBoundIsTheStandardOne() {
        XCTAssertEqual(PreviewServer.Limits().maximumConnections, ConnectionBound.standard)
        XCTAssertEqual(ReviewServer.Limits().maximumConnections, ConnectionBound.standard)
        XCTAssertEqual(ConnectionBound.standard, 128)
    }

    /// Under a low descriptor limit (`ulimit -n 100`) the bound shrinks so that connections never take the
    /// descriptors the server needs: with 128 allowed, a flood would hold all 100 and the server would spin on failed
    /// accepts.
    func testTheBoundFitsTheDescriptorLimit() {
        XCTAssertEqual(ConnectionBound.fitting(128, descriptorLimit: nil, open: 20), 128)
        XCTAssertEqual(ConnectionBound.fitting(128, descriptorLimit: 1024, open: 20), 128)
        XCTAssertEqual(ConnectionBound.fitting(128, descriptorLimit: 100, open: 20), 100 - 20 - ConnectionBound.reserved - 3)
        XCTAssertEqual(ConnectionBound.fitting(128, descriptorLimit: 60, open: 20), 1, "at least one")
        XCTAssertLessThanOrEqual(ConnectionBound.fitting(128, descriptorLimit: 100, open: 20) + 3 + 20 + ConnectionBound.reserved, 100)
    }

    func testThePreviewServerHoldsAtMostItsBoundOfConnections() async throws {
        var limits = PreviewServer.Limits()
        limits.maximumConnections = Self.bound
        let h = try PreviewHarness(limits: limits)
        XCTAssertEqual(try h.client.get("/state").status, 200)
        let bound = Self.bound
        let flood = ConnectionFlood(port: h.port, bound: bound,
                                    request: ["GET /state HTTP/1.1", "Host: 127.0.0.1:\(h.port)", "X-Review-Token: \(h.server.token)"])
        check(try await flood.run(slack: Self.slack), bound: bound)
        XCTAssertEqual(try h.client.get("/state").status, 200, "a new request once the idle connections closed")
        try await h.stop()
    }

    func testTheReviewServerHoldsAtMostItsBoundOfConnections() async throws {
        var limits = ReviewServer.Limits()
        limits.maximumConnections = Self.bound
        let h = try ReviewHarness(limits: limits)
        XCTAssertEqual(try h.get("/api/items").status, 200)
        let bound = Self.bound
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
