@testable import SpruceLocalServer
import XCTest

/// The end of a chunked body is found however its bytes are split between reads, and not before it.
final class ChunkedBodyEndTests: XCTestCase {
    static let body = "5;note=x\r\nhello\r\n1A\r\n\(String(repeating: "z", count: 26))\r\n0\r\nX-Trailer: t\r\n\r\n"
    static let next = "GET / HTTP/1.1\r\n"

    func testTheEndIsFoundAcrossEverySplit() {
        let bytes = Array((Self.body + Self.next).utf8)
        let end = Self.body.utf8.count
        for split in 0...bytes.count {
            var finder = ChunkedBodyEnd()
            let found = finder.end(in: bytes[..<split])
                ?? finder.end(in: bytes[split...]).map { split + $0 }
            XCTAssertEqual(found, end, "split at \(split)")
        }
    }

    func testABodyWithoutItsLastChunkHasNoEnd() {
        var finder = ChunkedBodyEnd()
        XCTAssertNil(finder.end(in: Array("3\r\n0\r\n\r\n".utf8)), "chunk bytes that look like a last chunk")
        XCTAssertNil(finder.end(in: Array("\r\n0\r\n".utf8)), "a last chunk with no blank line after it yet")
        XCTAssertEqual(finder.end(in: Array("\r\nGET".utf8)), 2)
    }
}
