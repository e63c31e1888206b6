import Foundation
import SprucePreview
import SpruceReviewServer
import XCTest

/// A request whose body comes a byte at a time held its connection for good, even after the server had refused it:
/// 130 such clients filled both servers' connections. A request, head and body, must arrive within the idle timeout
/// of its first byte, and a request refused before its body arrived is answered with `Connection: close`, the rest
/// of its body dropped (bounded), and its connection closed.
final class ConnectionLifetimeTests: XCTestCase {
    func testThePreviewClosesASlowBody() async throws {
        var limits = PreviewServer.Limits()
        limits.idleSeconds = 1
        let h = try PreviewHarness(limits: limits)
        let head = "POST /settings HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nContent-Length: 10000\r\n"
        XCTAssertTrue(try Self.closed(h.client, head + "X-Review-Token: \(h.server.token)\r\n\r\n"), "with the token")
        XCTAssertTrue(try Self.closed(h.client, head + "\r\n"), "refused (no token)")
        XCTAssertEqual(try h.client.get("/state").status, 200)
        try await h.stop()
    }

    func testTheReviewServerClosesASlowBodyAndWritesNothing() async throws {
        var limits = ReviewServer.Limits()
        limits.idleSeconds = 1
        let h = try ReviewHarness(limits: limits)
        let before = try h.files()
        let head = "POST /api/items/\(try h.id("slow"))/accept HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nContent-Length: 10000\r\n"
        XCTAssertTrue(try Self.closed(h.client, head + "X-Review-Token: \(h.server.token)\r\n\r\n"), "with the token")
        XCTAssertTrue(try Self.closed(h.client, head + "\r\n"), "refused (no token)")
        XCTAssertEqual(try h.files(), before)
        try await h.stop()
    }

    /// With the usual 60 s timeout, a refusal given before the body came (no token: 403; a length over the bound:
    /// 413) says `Connection: close` and the connection closes at once.
    func testARefusalBeforeTheBodyClosesTheConnection() async throws {
        let h = try PreviewHarness()
        let head = "POST /settings HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\n"
        for (request, status) in [(head + "Content-Length: 10000\r\n\r\n", 403),
                                  (head + "X-Review-Token: \(h.server.token)\r\nContent-Length: 100000\r\n\r\n", 413)] {
            let fd = try h.client.connect(timeout: 20)
            defer { close(fd) }
            try h.client.write(fd, Data(request.utf8))
            let reply = try RawHTTP.parse(h.client.readAll(fd))
            XCTAssertEqual(reply.status, status)
            XCTAssertEqual(reply.headers["connection"], "close")
        }
        let r = try ReviewHarness()
        let fd = try r.client.connect(timeout: 20)
        defer { close(fd) }
        try r.client.write(fd, Data("POST /api/items/\(try r.id("slow"))/accept HTTP/1.1\r\nHost: 127.0.0.1:\(r.port)\r\nContent-Length: 10000\r\n\r\n".utf8))
        let reply = try RawHTTP.parse(r.client.readAll(fd))
        XCTAssertEqual(reply.status, 403)
        XCTAssertEqual(reply.headers["connection"], "close")
        try await h.stop()
        try await r.stop()
    }

    /// A request's head could take the idle timeout and its body as long again after the head: a slow client held its
    /// connection for twice the timeout. The whole request, head and body, must come within the timeout of its
    /// first byte.
    func testTheWholeRequestIsBoundedByOneTimeout() async throws {
        var limits = PreviewServer.Limits()
        limits.idleSeconds = 2
        let h = try PreviewHarness(limits: limits)
        let head = Data("POST /settings HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nX-Review-Token: \(h.server.token)\r\nContent-Length: 10000\r\n\r\n".utf8)
        let seconds = try XCTUnwrap(Self.secondsUntilClosed(h, head.prefix(10), then: head.dropFirst(10)), "closed")
        XCTAssertLessThan(seconds, 3.0, "closed 2 s after the first byte, not 2 s after the head")
        XCTAssertGreaterThan(seconds, 1.5)
        try await h.stop()
    }

    /// A request pipelined behind another, its first bytes in the same write as the other's end, was timed from its
    /// next bytes: a client holding those back for most of the timeout held the connection for nearly twice it. Its
    /// deadline counts from its first byte, as a request's on its own.
    func testAPipelinedRequestIsTimedFromItsFirstByte() async throws {
        try await Self.assertTimedFromFirstByte(behind: { h in "GET /state?token=\(h.server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\n\r\n" })
    }

    /// The same behind a request with a chunked body, whose end no length tells: its chunks are followed to their end.
    func testARequestPipelinedAfterAChunkedBodyIsTimedFromItsFirstByte() async throws {
        try await Self.assertTimedFromFirstByte(behind: { h in
            "GET /state?token=\(h.server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;note=x\r\nhello\r\n1A\r\n\(String(repeating: "z", count: 26))\r\n0\r\nX-Trailer: t\r\n\r\n"
        })
    }

    /// With a 2 s timeout, a request whose first 10 bytes follow `first` in one write and whose next come 1.6 s
    /// later, a byte at a time, is closed 2 s after its first byte.
    static func assertTimedFromFirstByte(behind first: (PreviewHarness) -> String, file: StaticString = #filePath, line: UInt = #line) async throws {
        var limits = PreviewServer.Limits()
        limits.idleSeconds = 2
        let h = try PreviewHarness(limits: limits)
        let second = Data("POST /settings HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nX-Review-Token: \(h.server.token)\r\nContent-Length: 10000\r\n\r\n".utf8)
        let seconds = try XCTUnwrap(secondsUntilClosed(h, Data(first(h).utf8) + second.prefix(10), then: second.dropFirst(10)), "closed", file: file, line: line)
        XCTAssertLessThan(seconds, 3.0, "closed 2 s after the second request's first byte, not 2 s after its next", file: file, line: line)
        XCTAssertGreaterThan(seconds, 1.5, file: file, line: line)
        try await h.stop()
    }

    /// A refusal given before a large body came was followed by closing the connection with the body unread, which
    /// sends the client a reset: a client that sends its whole body before reading got "connection reset" instead of
    /// the answer. The server shuts its sending side after the answer and reads and drops the rest of the body
    /// (bounded), so the client sends its body and reads the refusal.
    func testAClientSendingALargeBodyReadsTheRefusal() async throws {
        let h = try PreviewHarness()
        let body = 4 << 20
        let head = "POST /settings HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nContent-Length: \(body)\r\n"
        for (request, status) in [(head + "\r\n", 403), (head + "X-Review-Token: \(h.server.token)\r\n\r\n", 413)] {
            let fd = try h.client.connect(timeout: 20)
            defer { close(fd) }
            var wait = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            try h.client.write(fd, Data(request.utf8))
            usleep(200_000)  // the answer is given now, on the head alone
            let chunk = [UInt8](repeating: 0x20, count: 1 << 16)
            var sent = 0
            while sent < body {
                let n = send(fd, chunk, min(chunk.count, body - sent), Int32(MSG_NOSIGNAL))
                if n <= 0 { break }
                sent += n
            }
            XCTAssertEqual(sent, body, "the whole body was sent, not cut off by a reset (errno \(errno))")
            let reply = try RawHTTP.parse(h.client.readAll(fd))
            XCTAssertEqual(reply.status, status)
            XCTAssertEqual(reply.headers["connection"], "close")
        }
        XCTAssertEqual(try h.client.get("/state").status, 200)
        try await h.stop()
    }

    /// An HTTP/1.0 request's connection stayed open for the idle timeout after its answer, and the event stream came
    /// with `transfer-encoding: chunked`, which HTTP/1.0 lacks. The answer is HTTP/1.0 with `Connection: close`, the
    /// connection closes after it, and the event stream comes unchunked.
    func testHTTP10IsAnsweredInHTTP10AndClosed() async throws {
        let h = try PreviewHarness()
        let fd = try h.client.connect(timeout: 20)
        defer { close(fd) }
        try h.client.write(fd, Data("GET /state?token=\(h.server.token) HTTP/1.0\r\nHost: 127.0.0.1:\(h.port)\r\n\r\n".utf8))
        let data = try h.client.readAll(fd)  // throws when the connection is still open after 20 s
        XCTAssertTrue(data.starts(with: Data("HTTP/1.0 200 ".utf8)), String(decoding: data.prefix(40), as: UTF8.self))
        let reply = try RawHTTP.parse(data)
        XCTAssertEqual(reply.headers["connection"], "close")
        XCTAssertNotNil(reply.json["film"])

        let events = try h.client.connect(timeout: 20)
        defer { close(events) }
        try h.client.write(events, Data("GET /events?token=\(h.server.token) HTTP/1.0\r\nHost: 127.0.0.1:\(h.port)\r\n\r\n".utf8))
        var stream = Data(), buffer = [UInt8](repeating: 0, count: 4096)
        while !(stream.range(of: Data("\r\n\r\n".utf8)).map { stream.distance(from: $0.upperBound, to: stream.endIndex) >= 10 } ?? false) {
            let n = recv(events, &buffer, buffer.count, 0)
            guard n > 0 else { return XCTFail("the stream ended after \(stream.count) bytes") }
            stream.append(buffer, count: n)
        }
        let head = try XCTUnwrap(stream.range(of: Data("\r\n\r\n".utf8)))
        let text = String(decoding: stream[..<head.lowerBound], as: UTF8.self).lowercased()
        XCTAssertTrue(text.hasPrefix("http/1.0 200 "), text)
        XCTAssertFalse(text.contains("transfer-encoding"), text)
        XCTAssertTrue(stream[head.upperBound...].starts(with: Data("retry: 500\n".utf8)), "the events themselves, not a chunk's size")
        try await h.stop()
    }

    /// Sends `head`, then a byte of body every 0.2 s (well within a 1 s idle timeout): whether the server closed the
    /// connection within 10 s.
    static func closed(_ client: RawHTTP, _ head: String) throws -> Bool {
        let fd = try client.connect(timeout: 20)
        defer { close(fd) }
        try client.write(fd, Data(head.utf8))
        return trickle(fd, for: 10)
    }

    /// Writes `first`, then `later` 1.6 s after, then a byte of body every 0.2 s: the seconds from the first write
    /// until the server closed the connection, or nil when it did not within 10 s.
    static func secondsUntilClosed(_ h: PreviewHarness, _ first: Data, then later: Data) throws -> Double? {
        let fd = try h.client.connect(timeout: 20)
        defer { close(fd) }
        let start = Date()
        try h.client.write(fd, first)
        usleep(1_600_000)
        try h.client.write(fd, later)
        guard trickle(fd, for: 10) else { return nil }
        return Date().timeIntervalSince(start)
    }

    /// Sends a byte every 0.2 s on `fd`, reading what comes: whether the server closed the connection within `seconds`.
    static func trickle(_ fd: Int32, for seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var byte: UInt8 = 0x20
            if send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) != 1 { return true }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 200) > 0 {
                let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n == 0 || (n < 0 && errno != EAGAIN) { return true }
                if n < 0 { break }
            }
        }
        return false
    }
}
