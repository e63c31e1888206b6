import Foundation
import XCTest

/// The review page reads timing and motion goldens line by line whatever their line endings: a golden saved with
/// Windows line endings (CRLF) gives the same timing rows and motion curves as the LF golden `--record` wrote.
final class ReviewLineEndingTests: XCTestCase {
    func testACRLFGoldenGivesTheTimingRowsAndCurvesOfItsLFText() async throws {
        let lf = try ReviewHarness()
        let plain = try lf.get("/api/items/\(try lf.id("slow"))").json
        try await lf.stop()
        let crlf = try ReviewHarness { goldens in
            for kind in ["timing", "motion"] {
                let url = goldens.appendingPathComponent("slow.\(kind).txt")
                let text = try String(contentsOf: url, encoding: .utf8)
                try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: url)
            }
        }
        let windows = try crlf.get("/api/items/\(try crlf.id("slow"))").json
        try await crlf.stop()
        func json(_ value: Any?) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }
        let rows = plain["timing"] as? [[String: Any]] ?? []
        XCTAssertGreaterThan(rows.count, 1)
        XCTAssertFalse((plain["curves"] as? [[String: Any]] ?? []).isEmpty)
        XCTAssertEqual(try json(windows["timing"]), try json(plain["timing"]), "one row per view, no carriage return in a cell")
        XCTAssertEqual(try json(windows["curves"]), try json(plain["curves"]))
    }
}
