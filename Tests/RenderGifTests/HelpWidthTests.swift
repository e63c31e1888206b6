import XCTest

/// Help wraps to `COLUMNS` when it is a width a terminal can have; any other value is set aside, and help off a
/// terminal wraps to 80 columns, as with no `COLUMNS` at all.
final class HelpWidthTests: XCTestCase {
    func testAnUnusableColumnsIsSetAside() throws {
        for arguments in [["--help"], ["help", "test"]] {
            let standard = try CLI.run(arguments, environment: ["COLUMNS": "80"])
            XCTAssertEqual(standard.status, 0, standard.stderr)
            XCTAssertTrue(standard.stdout.contains("OVERVIEW: "), standard.stdout)
            for columns in ["0", "-1", "-9223372036854775808", "10001", "wide"] {
                let result = try CLI.run(arguments, environment: ["COLUMNS": columns])
                XCTAssertEqual(result.status, 0, "COLUMNS=\(columns) \(arguments): \(result.stderr)")
                XCTAssertEqual(result.stdout, standard.stdout, "COLUMNS=\(columns) \(arguments)")
            }
            let narrow = try CLI.run(arguments, environment: ["COLUMNS": "40"])
            let overview = narrow.stdout.split(separator: "\n").first { $0.hasPrefix("OVERVIEW: ") }
            XCTAssertLessThanOrEqual(overview?.count ?? 99, 40, "COLUMNS=40 \(arguments) is honoured")
            XCTAssertNotEqual(narrow.stdout, standard.stdout)
        }
    }
}
