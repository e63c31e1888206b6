import Foundation
import MediaTestSupport
import XCTest

/// Runs every `LimitCases` case through the real binary, each in its own folder holding the case's
/// files, a canary file and an earlier output: the answer must be the expected exit status and exactly
/// one error line, and the folder must be byte-for-byte what it was (nothing written, nothing left).
final class LimitCaseTests: XCTestCase {
    func testEveryNumberLimitAndHostileSceneIsOneLineAndTouchesNothing() throws {
        let cases = LimitCases.all
        XCTAssertGreaterThanOrEqual(cases.count, 100)
        XCTAssertEqual(Set(cases.map(\.name)).count, cases.count, "case names are unique")
        for c in cases { try check(c) }
    }

    /// Every file below `root`, by relative path, with its bytes (folders as empty markers).
    static func snapshot(_ root: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = walker?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(root.path.count))
            let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory ?? false
            out[relative] = isDirectory ? Data("<folder>".utf8) : (try? Data(contentsOf: url)) ?? Data("<unreadable>".utf8)
        }
        return out
    }

    func check(_ c: BadInputCase, file: StaticString = #filePath, line: UInt = #line) throws {
        let scratch = try Scratch()
        for (name, data) in c.files { try data.write(to: scratch.path(name)) }
        try Data("a sibling the user keeps".utf8).write(to: scratch.path("canary.txt"))
        try Data("GIF89a an earlier film".utf8).write(to: scratch.path("out.gif"))
        try FileManager.default.createDirectory(at: scratch.path("frames"), withIntermediateDirectories: true)
        let before = Self.snapshot(scratch.url)

        let result = try CLI.run(c.arguments, in: scratch.url)

        XCTAssertEqual(result.status, c.status, "\(c.name): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, "\(c.name): one line, got \(result.stderr)", file: file, line: line)
        let message = result.stderrLines.first ?? ""
        XCTAssertTrue(message.hasPrefix("render-gif: error: "), "\(c.name): \(message)", file: file, line: line)
        XCTAssertTrue(message.contains(c.message), "\(c.name): expected …\(c.message)…, got \(message)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", "\(c.name)", file: file, line: line)
        let after = Self.snapshot(scratch.url)
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted(), "\(c.name): files added or removed", file: file, line: line)
        for (name, data) in before where after[name] != data {
            XCTFail("\(c.name): \(name) changed", file: file, line: line)
        }
    }
}
