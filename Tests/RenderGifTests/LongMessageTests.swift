import XCTest

/// An error line that would echo more than 16,384 characters of what was typed is cut there, and says how much it
/// left out; a shorter one is whole.
final class LongMessageTests: XCTestCase {
    func testALongEchoIsCut() throws {
        let value = String(repeating: "x", count: 20_000)
        let cases: [(arguments: [String], start: String)] = [
            (["--sort", value], "render-gif: error: --sort: unknown value \"xxx"),
            ((1...4_000).map(String.init), "render-gif: error: 4000 unexpected arguments: '1', '2', '3'"),
        ]
        for (arguments, start) in cases {
            let result = try CLI.run(arguments)
            XCTAssertEqual(result.status, 64)
            XCTAssertEqual(result.stderrLines.count, 1)
            let line = try XCTUnwrap(result.stderrLines.first)
            XCTAssertTrue(line.hasPrefix(start), String(line.prefix(200)))
            XCTAssertTrue(line.hasSuffix(" more characters)"), String(line.suffix(200)))
            XCTAssertLessThanOrEqual(line.unicodeScalars.count, 16_384 + 60)
        }
        let whole = try CLI.run(["--sort", String(repeating: "x", count: 10_000)])
        XCTAssertEqual(whole.status, 64)
        XCTAssertFalse(whole.stderr.contains("more characters)"))
        XCTAssertTrue(whole.stderr.contains(String(repeating: "x", count: 10_000)))
    }
}
